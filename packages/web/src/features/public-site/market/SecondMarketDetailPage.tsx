import { useSuspenseQueries } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { fileUrl, toFileList } from '../../../lib/files';
import { PageHead } from '../../../public/head';
import { NotFoundPage } from '../../../public/NotFoundPage';
import { buttonClass, Card, Descriptions, Tag } from '../../../public-ui';
import { EyeOutlined } from '../../../public-ui/icons/EyeOutlined';
import { PhoneOutlined } from '../../../public-ui/icons/PhoneOutlined';
import { districtsQuery, landClassesQuery, openPost, useDistrictOptions, useLandClasses, landClassName } from '../../public-map/api';
import { areaText, num, optionLabel, SECOND_MARKET_STATUS_LABELS, SECOND_MARKET_TYPE_LABELS, text } from '../../public-map/format';
import { PATHS, recordQuery } from '../api';
import { DateText, PageBanner, Paragraphs, Section } from '../ui';
import { askHref } from '../consulting/ask-link';
import { TYPE_COLORS } from './SecondMarketPage';
import styles from './market.module.css';
import { ResponsiveImage } from '../../../lib/responsive-image';

/** /secondMarketDetail/{id}: one listing; each view is counted (updateSecondMarKetVisitcount). */
export function SecondMarketDetailPage() {
  const { id = '' } = useParams();
  const [{ data: r }] = useSuspenseQueries({ queries: [recordQuery(PATHS.secondMarketItem, id), districtsQuery, landClassesQuery] });
  const { nameOf } = useDistrictOptions();
  const classes = useLandClasses();
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!r || counted.current === id) return;
    counted.current = id;
    openPost('updateSecondMarKetVisitcount', { id }).catch(() => undefined);
  }, [r, id]);

  if (!r) return <NotFoundPage what="信息" />;
  const images = toFileList(r.images);
  const isLease = text(r.transactionType) === 'lease';
  const typeLabel = text(r.transactionTypeLabel) || optionLabel(SECOND_MARKET_TYPE_LABELS, r.transactionType);
  const price = num(r.price) ? `${num(r.price)} ${isLease ? '万元/年' : '万元'}` : '面议';
  const className = landClassName(classes.nameOf, r.dlcode);
  return (
    <div data-testid="market-detail">
      <PageHead
        title={text(r.title) || '二级市场信息'}
        description={[typeLabel, areaText(r.area, r.areaMu), className, `${isLease ? '意向年租金' : '意向价格'} ${price}`, text(r.location)].filter(Boolean).join(' · ')}
        image={images[0] ? fileUrl(images[0].url) : undefined}
      />
      <PageBanner
        title={text(r.title)}
        crumbs={[{ title: '二级市场', to: '/secondMarket' }, { title: '信息详情' }]}
        tone="teal"
        subtitle={
          <>
            <Tag color={TYPE_COLORS[text(r.transactionType)]}>{typeLabel}</Tag>
            <Tag>{text(r.statusLabel) || optionLabel(SECOND_MARKET_STATUS_LABELS, r.status)}</Tag>
            发布于 <DateText value={r.publishDate} /> · <EyeOutlined label="浏览次数" /> {text(r.visitcount) || 0}
          </>
        }
      />
      <div className={styles.detailGrid}>
        <div>
          <Section title="基本信息">
            <Descriptions
              columns={2}
              items={[
                { key: 'loc', label: '土地坐落', children: text(r.location) || '—' },
                { key: 'd', label: '所属片区', children: nameOf.get(text(r.areacode)) || '—' },
                { key: 'dl', label: '土地用途', children: className || '—' },
                { key: 'a', label: '土地面积', children: areaText(r.area, r.areaMu) },
                { key: 'y', label: '剩余使用年限', children: num(r.remainingYears, 1) ? `${num(r.remainingYears, 1)} 年` : '—' },
                { key: 'p', label: isLease ? '意向年租金' : '意向价格', children: num(r.price) ? <b className={styles.priceText}>{price}</b> : '面议' },
                { key: 's', label: '权利人', children: text(r.sellerCompany) || '—' },
              ]}
            />
          </Section>
          <Section title="详细说明">
            <Paragraphs text={r.description} />
            {!text(r.description) && <span className={styles.note}>暂无说明</span>}
          </Section>
          {images.length > 0 && (
            <Section title="图片">
              <div className={styles.photos}>
                {images.map((img) => (
                  <a key={img.url} href={fileUrl(img.url)} target="_blank" rel="noopener noreferrer">
                    <ResponsiveImage src={img.url} alt={img.name} width={180} height={130} sizes="(max-width: 576px) 50vw, 180px" style={{ width: '100%', height: '100%' }} />
                  </a>
                ))}
              </div>
            </Section>
          )}
        </div>
        <aside aria-label="联系方式">
          <Card title="联系方式">
            <p>
              <b>{text(r.contact) || '—'}</b>
            </p>
            {text(r.phone) && (
              <p>
                <PhoneOutlined /> <a href={`tel:${text(r.phone)}`}>{text(r.phone)}</a>
              </p>
            )}
            <p className={styles.note}>二级市场信息由权利人提供，交易前请核实土地权属并依法办理转让、出租或抵押登记。</p>
            <Link to={askHref(text(r.title) || '二级市场信息', 'transaction')} className={buttonClass('default', 'middle', true)}>
              咨询土地管理部门
            </Link>
          </Card>
        </aside>
      </div>
    </div>
  );
}
