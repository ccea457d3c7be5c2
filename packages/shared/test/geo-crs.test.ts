import { describe, expect, it } from 'vitest';
import proj4 from 'proj4';
import {
  crsFromEpsg,
  crsToEsriWkt,
  epsgFromCrsName,
  gaussKrugerCrs,
  geodesicArea,
  haversineMeters,
  parsePrj,
  parseWkt,
  projectGeometry,
  reprojectGeometry,
  wktName,
  type ParcelGeometry,
} from '../src/geo/index';

// WKT as written by PROJ 9 `projinfo EPSG:n -o WKT1_ESRI | WKT1_GDAL | WKT2_2019` (ArcGIS writes the ESRI form in .prj files)
const WKT = {
  esri4528:
    'PROJCS["CGCS2000_3_Degree_GK_Zone_40",GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",40500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",120.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]',
  gdal4528:
    'PROJCS["CGCS2000 / 3-degree Gauss-Kruger zone 40",GEOGCS["China Geodetic Coordinate System 2000",DATUM["China_2000",SPHEROID["CGCS2000",6378137,298.257222101,AUTHORITY["EPSG","1024"]],AUTHORITY["EPSG","1043"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4490"]],PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",120],PARAMETER["scale_factor",1],PARAMETER["false_easting",40500000],PARAMETER["false_northing",0],UNIT["metre",1,AUTHORITY["EPSG","9001"]],AUTHORITY["EPSG","4528"]]',
  wkt2_4528:
    'PROJCRS["CGCS2000 / 3-degree Gauss-Kruger zone 40",BASEGEOGCRS["China Geodetic Coordinate System 2000",DATUM["China 2000",ELLIPSOID["CGCS2000",6378137,298.257222101,LENGTHUNIT["metre",1]]],PRIMEM["Greenwich",0,ANGLEUNIT["degree",0.0174532925199433]],ID["EPSG",4490]],CONVERSION["3-degree Gauss-Kruger zone 40",METHOD["Transverse Mercator",ID["EPSG",9807]],PARAMETER["Latitude of natural origin",0,ANGLEUNIT["degree",0.0174532925199433],ID["EPSG",8801]],PARAMETER["Longitude of natural origin",120,ANGLEUNIT["degree",0.0174532925199433],ID["EPSG",8802]],PARAMETER["Scale factor at natural origin",1,SCALEUNIT["unity",1],ID["EPSG",8805]],PARAMETER["False easting",40500000,LENGTHUNIT["metre",1],ID["EPSG",8806]],PARAMETER["False northing",0,LENGTHUNIT["metre",1],ID["EPSG",8807]]],CS[Cartesian,2],AXIS["northing (X)",north,ORDER[1],LENGTHUNIT["metre",1]],AXIS["easting (Y)",east,ORDER[2],LENGTHUNIT["metre",1]],USAGE[SCOPE["Cadastre, engineering survey, topographic mapping (large scale)."],AREA["China - onshore between 118°30\'E and 121°30\'E."],BBOX[24.43,118.5,53.33,121.5]],ID["EPSG",4528]]',
  esri4549:
    'PROJCS["CGCS2000_3_Degree_GK_CM_120E",GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",120.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]',
  esri4499:
    'PROJCS["CGCS2000_GK_Zone_21",GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",21500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",123.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]',
  esri4510_cm123:
    'PROJCS["CGCS2000_GK_CM_123E",GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",123.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]',
  esri4490:
    'GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]',
  gdal4490:
    'GEOGCS["China Geodetic Coordinate System 2000",DATUM["China_2000",SPHEROID["CGCS2000",6378137,298.257222101,AUTHORITY["EPSG","1024"]],AUTHORITY["EPSG","1043"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4490"]]',
  esri4326:
    'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]',
  esri3857:
    'PROJCS["WGS_1984_Web_Mercator_Auxiliary_Sphere",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Mercator_Auxiliary_Sphere"],PARAMETER["False_Easting",0.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",0.0],PARAMETER["Standard_Parallel_1",0.0],PARAMETER["Auxiliary_Sphere_Type",0.0],UNIT["Meter",1.0]]',
  gdal3857_noauth:
    'PROJCS["WGS 84 / Pseudo-Mercator",GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]],PROJECTION["Mercator_1SP"],PARAMETER["central_meridian",0],PARAMETER["scale_factor",1],PARAMETER["false_easting",0],PARAMETER["false_northing",0],UNIT["metre",1],AXIS["Easting",EAST],AXIS["Northing",NORTH]]',
  esriXian80_40:
    'PROJCS["Xian_1980_3_Degree_GK_Zone_40",GEOGCS["GCS_Xian_1980",DATUM["D_Xian_1980",SPHEROID["Xian_1980",6378140.0,298.257]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",40500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",120.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]',
  gdalXian80_40_noauth:
    'PROJCS["Xian 1980 / 3-degree Gauss-Kruger zone 40",GEOGCS["Xian 1980",DATUM["Xian_1980",SPHEROID["IAG 1975",6378140,298.257]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",120],PARAMETER["scale_factor",1],PARAMETER["false_easting",40500000],PARAMETER["false_northing",0],UNIT["metre",1]]',
  esriBeijing54_39:
    'PROJCS["Beijing_1954_3_Degree_GK_Zone_39",GEOGCS["GCS_Beijing_1954",DATUM["D_Beijing_1954",SPHEROID["Krasovsky_1940",6378245.0,298.3]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",39500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",117.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]',
  esriBeijing54_6deg20:
    'PROJCS["Beijing_1954_GK_Zone_20",GEOGCS["GCS_Beijing_1954",DATUM["D_Beijing_1954",SPHEROID["Krasovsky_1940",6378245.0,298.3]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",20500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",117.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]',
  albers:
    'PROJCS["Asia_North_Albers_Equal_Area_Conic",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Albers"],PARAMETER["False_Easting",0.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",95.0],PARAMETER["Standard_Parallel_1",15.0],PARAMETER["Standard_Parallel_2",65.0],PARAMETER["Latitude_Of_Origin",30.0],UNIT["Meter",1.0]]',
  tokyo:
    'GEOGCS["GCS_Tokyo",DATUM["D_Tokyo",SPHEROID["Bessel_1841",6377397.155,299.1528128]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]',
};

describe('parsePrj', () => {
  it('recognises CGCS2000 3° zone 40 in ESRI, OGC and WKT2 flavours', () => {
    for (const wkt of [WKT.esri4528, WKT.gdal4528, WKT.wkt2_4528]) {
      const crs = parsePrj(wkt);
      expect(crs).not.toBeNull();
      expect(crs?.epsg).toBe(4528);
      expect(crs?.kind).toBe('transverse-mercator');
      expect(crs?.datum).toBe('CGCS2000');
      expect(crs?.gk).toEqual({ width: 3, zone: 40, zonePrefix: true });
      expect(crs?.tm?.centralMeridian).toBe(120);
      expect(crs?.tm?.falseEasting).toBe(40_500_000);
      expect(crs?.warnings).toEqual([]);
      const [lon, lat] = crs!.toLonLat(40_500_000, 3_320_113.397845);
      expect(haversineMeters([lon, lat], [120, 30])).toBeLessThan(1e-3);
    }
  });

  it('recognises central-meridian-only and 6° zones', () => {
    const cm = parsePrj(WKT.esri4549);
    expect(cm?.epsg).toBe(4549);
    expect(cm?.gk).toEqual({ width: 3, zone: 40, zonePrefix: false });
    const p = cm!.toLonLat(633_432.298747, 3_453_993.143861);
    expect(haversineMeters(p, [121.4, 31.2])).toBeLessThan(1e-3);
    expect(parsePrj(WKT.esri4499)?.epsg).toBe(4499);
    expect(parsePrj(WKT.esri4499)?.gk).toEqual({ width: 6, zone: 21, zonePrefix: true });
    expect(parsePrj(WKT.esri4510_cm123)?.epsg).toBe(4510);
    expect(parsePrj(WKT.esri4510_cm123)?.gk).toEqual({ width: 6, zone: 21, zonePrefix: false });
  });

  it('recognises geographic CGCS2000 and WGS84', () => {
    expect(parsePrj(WKT.esri4490)?.epsg).toBe(4490);
    expect(parsePrj(WKT.esri4490)?.kind).toBe('geographic');
    expect(parsePrj(WKT.gdal4490)?.epsg).toBe(4490);
    expect(parsePrj(WKT.esri4326)?.epsg).toBe(4326);
    expect(parsePrj(WKT.esri4326)?.toLonLat(120.5, 30.5)).toEqual([120.5, 30.5]);
  });

  it('recognises Web Mercator', () => {
    for (const wkt of [WKT.esri3857, WKT.gdal3857_noauth]) {
      const crs = parsePrj(wkt);
      expect(crs?.kind).toBe('web-mercator');
      expect(crs?.epsg).toBe(3857);
      const [x, y] = proj4('EPSG:4326', 'EPSG:3857', [121.4737, 31.2304]);
      const [lon, lat] = crs!.toLonLat(x, y);
      expect(lon).toBeCloseTo(121.4737, 9);
      expect(lat).toBeCloseTo(31.2304, 9);
    }
  });

  it("recognises Xi'an 80 and Beijing 54 Gauss-Krüger with the datum warning", () => {
    for (const wkt of [WKT.esriXian80_40, WKT.gdalXian80_40_noauth]) {
      const crs = parsePrj(wkt);
      expect(crs?.datum).toBe('Xian80');
      expect(crs?.epsg).toBe(2364);
      expect(crs?.ellipsoid.a).toBe(6378140);
      expect(crs?.warnings[0]).toContain('100米');
      const [x, y] = proj4('+proj=longlat +a=6378140 +rf=298.257', '+proj=tmerc +lon_0=120 +k=1 +x_0=40500000 +a=6378140 +rf=298.257', [120.3, 30.2]);
      expect(haversineMeters(crs!.toLonLat(x, y), [120.3, 30.2])).toBeLessThan(1e-3);
    }
    const b3 = parsePrj(WKT.esriBeijing54_39);
    expect(b3?.epsg).toBe(2415);
    expect(b3?.datum).toBe('Beijing54');
    expect(b3?.warnings).toHaveLength(1);
    const b6 = parsePrj(WKT.esriBeijing54_6deg20);
    expect(b6?.epsg).toBe(21420);
    expect(b6?.gk).toEqual({ width: 6, zone: 20, zonePrefix: true });
  });

  it('returns null for projections and datums it cannot transform, and garbage', () => {
    expect(parsePrj(WKT.albers)).toBeNull();
    expect(parsePrj(WKT.tokyo)).toBeNull();
    expect(parsePrj('')).toBeNull();
    expect(parsePrj('not a wkt')).toBeNull();
    expect(parsePrj('PROJCS["broken"')).toBeNull();
    expect(wktName(WKT.albers)).toBe('Asia_North_Albers_Equal_Area_Conic');
  });

  it('accepts an authority code or a PROJ string in place of WKT', () => {
    expect(parsePrj('EPSG:4528')?.epsg).toBe(4528);
    expect(parsePrj('+proj=tmerc +lat_0=0 +lon_0=120 +k=1 +x_0=40500000 +y_0=0 +ellps=GRS80 +units=m +no_defs')?.epsg).toBe(4528);
    expect(parsePrj('+proj=tmerc +lon_0=117 +k=1 +x_0=39500000 +ellps=krass +units=m')?.epsg).toBe(2415);
    expect(parsePrj('+proj=longlat +ellps=GRS80 +no_defs')?.epsg).toBe(4490);
    expect(parsePrj('+proj=utm +zone=50 +datum=WGS84 +units=m')?.epsg).toBe(32650);
    expect(parsePrj('+proj=aea +lat_1=25 +lat_2=47 +lon_0=105 +ellps=GRS80')).toBeNull();
  });

  it('parses quoted quotes and () brackets', () => {
    expect(parseWkt('A("x""y", 1, B(2))')).toEqual({ keyword: 'A', args: ['x"y', 1, { keyword: 'B', args: [2] }] });
  });
});

describe('EPSG table', () => {
  it('knows the CGCS2000, Xian 80 and Beijing 54 zone ranges', () => {
    expect(crsFromEpsg(4513)?.tm).toMatchObject({ centralMeridian: 75, falseEasting: 25_500_000 });
    expect(crsFromEpsg(4533)?.tm).toMatchObject({ centralMeridian: 135, falseEasting: 45_500_000 });
    expect(crsFromEpsg(4554)?.tm).toMatchObject({ centralMeridian: 135, falseEasting: 500_000 });
    expect(crsFromEpsg(4491)?.tm).toMatchObject({ centralMeridian: 75, falseEasting: 13_500_000 });
    expect(crsFromEpsg(4512)?.tm).toMatchObject({ centralMeridian: 135, falseEasting: 500_000 });
    expect(crsFromEpsg(2327)?.datum).toBe('Xian80');
    expect(crsFromEpsg(2390)?.tm).toMatchObject({ centralMeridian: 135, falseEasting: 500_000 });
    expect(crsFromEpsg(21483)?.datum).toBe('Beijing54');
    expect(crsFromEpsg(2442)?.tm).toMatchObject({ centralMeridian: 135, falseEasting: 500_000 });
    expect(crsFromEpsg(32650)?.tm).toMatchObject({ centralMeridian: 117, scaleFactor: 0.9996 });
    expect(crsFromEpsg(9999)).toBeNull();
  });

  it('reads EPSG codes from GeoJSON crs names', () => {
    expect(epsgFromCrsName('EPSG:4528')).toBe(4528);
    expect(epsgFromCrsName('urn:ogc:def:crs:EPSG::4490')).toBe(4490);
    expect(epsgFromCrsName('urn:ogc:def:crs:EPSG:6.6:4326')).toBe(4326);
    expect(epsgFromCrsName('http://www.opengis.net/def/crs/EPSG/0/4549')).toBe(4549);
    expect(epsgFromCrsName('urn:ogc:def:crs:OGC:1.3:CRS84')).toBe(4326);
    expect(epsgFromCrsName('nonsense')).toBeNull();
  });

  it('writes ESRI WKT that reads back as the same system', () => {
    for (const code of [4490, 4528, 4549, 4499, 2364, 2415, 3857]) {
      const crs = crsFromEpsg(code)!;
      const back = parsePrj(crsToEsriWkt(crs));
      expect(back?.epsg).toBe(code);
    }
    expect(crsToEsriWkt(crsFromEpsg(4528)!)).toBe(WKT.esri4528);
    expect(crsToEsriWkt(crsFromEpsg(4490)!)).toBe(WKT.esri4490);
  });
});

describe('reprojectGeometry', () => {
  it('takes a 100 m square in zone 40 to lon-lat and back', () => {
    const crs = gaussKrugerCrs('CGCS2000', 3, 40);
    const g: ParcelGeometry = {
      type: 'Polygon',
      coordinates: [[[40_530_000, 3_320_000], [40_530_100, 3_320_000], [40_530_100, 3_320_100], [40_530_000, 3_320_100], [40_530_000, 3_320_000]]],
    };
    const ll = reprojectGeometry(g, crs);
    const p = ll.type === 'Polygon' ? ll.coordinates[0][0] : [0, 0];
    const [ex, ey] = proj4('+proj=tmerc +lon_0=120 +k=1 +x_0=40500000 +ellps=GRS80', '+proj=longlat +ellps=GRS80', [40_530_000, 3_320_000]);
    expect(p[0]).toBeCloseTo(ex, 10);
    expect(p[1]).toBeCloseTo(ey, 10);
    expect(Math.abs(geodesicArea(ll) - 10_000)).toBeLessThan(2);
    const back = projectGeometry(ll, crs);
    const q = back.type === 'Polygon' ? back.coordinates[0][2] : [0, 0];
    expect(Math.hypot(q[0] - 40_530_100, q[1] - 3_320_100)).toBeLessThan(1e-3);
  });
});
