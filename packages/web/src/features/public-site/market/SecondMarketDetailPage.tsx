import { EyeOutlined, PhoneOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Image, Row, Tag } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { fileUrl, toFileList } from '../../../lib/files';
import { ApiError } from '../../../lib/request';
import { openPost, useDistrictOptions, useLandClasses, landClassName } from '../../public-map/api';
import { areaText, dateText, num, optionLabel, SECOND_MARKET_STATUS_LABELS, SECOND_MARKET_TYPE_LABELS, text } from '../../public-map/format';
import { PATHS, recordQuery } from '../api';
import { LoadError, Loading, PageBanner, Paragraphs, Section } from '../ui';
import { TYPE_COLORS } from './SecondMarketPage';

/** /secondMarketDetail/{id}: one listing; each view is counted (updateSecondMarKetVisitcount). */
export function SecondMarketDetailPage() {
  const { id = '' } = useParams();
  const q = useQuery(recordQuery(PATHS.secondMarketItem, id));
  const { nameOf } = useDistrictOptions();
  const classes = useLandClasses();
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!q.data || counted.current === id) return;
    counted.current = id;
    openPost('updateSecondMarKetVisitcount', { id }).catch(() => undefined);
  }, [q.data, id]);

  if (q.isPending) return <Loading rows={10} />;
  if (q.isError) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  const r = q.data;
  if (!r) return <LoadError error={new ApiError('A0404', '', { status: 404 })} notFoundTitle="信息不存在或已撤回" backTo={{ title: '返回二级市场', to: '/secondMarket' }} />;
  const images = toFileList(r.images);
  const isLease = text(r.transactionType) === 'lease';
  return (
    <div data-testid="market-detail">
      <PageBanner
        title={text(r.title)}
        crumbs={[{ title: '二级市场', to: '/secondMarket' }, { title: '信息详情' }]}
        tone="teal"
        subtitle={
          <>
            <Tag color={TYPE_COLORS[text(r.transactionType)]}>{text(r.transactionTypeLabel) || optionLabel(SECOND_MARKET_TYPE_LABELS, r.transactionType)}</Tag>
            <Tag>{text(r.statusLabel) || optionLabel(SECOND_MARKET_STATUS_LABELS, r.status)}</Tag>
            发布于 {dateText(r.publishDate)} · <EyeOutlined /> {text(r.visitcount) || 0}
          </>
        }
      />
      <Row gutter={20}>
        <Col xs={24} lg={16}>
          <Section title="基本信息">
            <Descriptions
              bordered
              size="small"
              column={{ xs: 1, sm: 2 }}
              items={[
                { key: 'loc', label: '土地坐落', span: 2, children: text(r.location) || '—' },
                { key: 'd', label: '所属片区', children: nameOf.get(text(r.areacode)) || '—' },
                { key: 'dl', label: '土地用途', children: landClassName(classes.nameOf, r.dlcode) || '—' },
                { key: 'a', label: '土地面积', children: areaText(r.area, r.areaMu) },
                { key: 'y', label: '剩余使用年限', children: num(r.remainingYears, 1) ? `${num(r.remainingYears, 1)} 年` : '—' },
                { key: 'p', label: isLease ? '意向年租金' : '意向价格', children: num(r.price) ? <b style={{ color: '#d4380d' }}>{num(r.price)} {isLease ? '万元/年' : '万元'}</b> : '面议' },
                { key: 's', label: '权利人', children: text(r.sellerCompany) || '—' },
              ]}
            />
          </Section>
          <Section title="详细说明">
            <Paragraphs text={r.description} />
            {!text(r.description) && <span style={{ color: 'rgba(0,0,0,.45)' }}>暂无说明</span>}
          </Section>
          {images.length > 0 && (
            <Section title="图片">
              <Image.PreviewGroup>
                <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 10 }}>
                  {images.map((img) => (
                    <Image key={img.url} src={fileUrl(img.url)} alt={img.name} style={{ width: '100%', height: 130, objectFit: 'cover', borderRadius: 8 }} />
                  ))}
                </div>
              </Image.PreviewGroup>
            </Section>
          )}
        </Col>
        <Col xs={24} lg={8}>
          <Card variant="borderless" title="联系方式">
            <p>
              <b>{text(r.contact) || '—'}</b>
            </p>
            {text(r.phone) && (
              <p>
                <PhoneOutlined /> <a href={`tel:${text(r.phone)}`}>{text(r.phone)}</a>
              </p>
            )}
            <p style={{ color: 'rgba(0,0,0,.45)', fontSize: 12 }}>二级市场信息由权利人提供，交易前请核实土地权属并依法办理转让、出租或抵押登记。</p>
            <Link to="/consultingServices">
              <Button block>咨询土地管理部门</Button>
            </Link>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
