import { formatDateCn } from '@land/shared/helpers';
import type { AnyDb } from '../entities/repository';
import { transactionRows } from './land';
import { landClassName } from './landClasses';
import { createAll } from './records';
import { LAST_YEAR, THIS_YEAR, ZONE, dateIn, daysAgo, muOf, parcelByCode } from './zone';

const html = (...blocks: string[]) => blocks.join('');
const p = (text: string) => `<p style="text-indent: 2em">${text}</p>`;
const h = (text: string) => `<h2>${text}</h2>`;
const ul = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

function regulationRows() {
  const r = (
    title: string,
    docNumber: string,
    issuingAuthority: string,
    category: 'national' | 'provincial' | 'municipal' | 'zone',
    publishDate: string,
    effectiveDate: string,
    content: string,
    visitcount: number,
  ) => ({ title, docNumber, issuingAuthority, category, publishDate, effectiveDate, content, status: '1', visitcount });
  return [
    r('中华人民共和国土地管理法', '中华人民共和国主席令第三十二号', '全国人民代表大会常务委员会', 'national', '2019-08-26', '2020-01-01', html(
      p('《中华人民共和国土地管理法》是土地管理的基本法律。2019年8月26日第十三届全国人民代表大会常务委员会第十二次会议作出第三次修正，自2020年1月1日起施行。'),
      h('本次修正的主要内容'),
      ul(['明确国土空间规划的法律地位，经依法批准的国土空间规划是各类开发、保护、建设活动的基本依据；', '破除集体经营性建设用地进入市场的法律障碍；', '改革土地征收制度，界定可以征收集体土地的公共利益情形，完善征地补偿和程序；', '将永久基本农田保护上升为法律规定；', '调整农用地转用和土地征收的审批权限。']),
    ), 1262),
    r('中华人民共和国土地管理法实施条例', '中华人民共和国国务院令第743号', '国务院', 'national', '2021-07-02', '2021-09-01', html(
      p('2021年7月2日国务院令第743号第三次修订，自2021年9月1日起施行，细化了土地管理法关于国土空间规划、耕地保护、建设用地和监督检查的规定。'),
      h('与开发区用地相关的要点'),
      ul(['建设项目需要使用土地的，应当符合国土空间规划、土地利用年度计划和用途管制以及节约资源、保护生态环境的要求；', '细化土地征收程序，增加土地征收预公告和社会稳定风险评估环节；', '明确集体经营性建设用地出让、出租的程序和合同内容。']),
    ), 845),
    r('招标拍卖挂牌出让国有建设用地使用权规定', '国土资源部令第39号', '国土资源部', 'national', '2007-09-28', '2007-11-01', html(
      h('适用范围'),
      p('工业、商业、旅游、娱乐和商品住宅等经营性用地以及同一宗地有两个以上意向用地者的，应当以招标、拍卖或者挂牌方式出让。'),
      h('主要程序要求'),
      ul(['出让人应当至少在投标、拍卖或者挂牌开始日前20日，在土地有形市场或者指定场所、媒介发布招标、拍卖或者挂牌公告；', '挂牌时间不得少于10日，挂牌期间可根据竞买人竞价格情况调整增价幅度；', '中标人、竞得人应当按照约定签订国有建设用地使用权出让合同。']),
    ), 1530),
    r('协议出让国有土地使用权规定', '国土资源部令第21号', '国土资源部', 'national', '2003-06-11', '2003-08-01', html(
      p('规范以协议方式出让国有土地使用权的行为。协议出让最低价不得低于新增建设用地的土地有偿使用费、征地（拆迁）补偿费用以及按照国家规定应当缴纳的有关税费之和；有基准地价的地区，不得低于出让地块所在级别基准地价的70%。'),
    ), 402),
    r('闲置土地处置办法', '国土资源部令第53号', '国土资源部', 'national', '2012-06-01', '2012-07-01', html(
      h('闲置土地的认定'),
      p('国有建设用地使用权人超过国有建设用地使用权有偿使用合同或者划拨决定书约定、规定的动工开发日期满一年未动工开发的国有建设用地，可以认定为闲置土地。已动工开发但开发建设用地面积占应动工开发建设用地总面积不足三分之一或者已投资额占总投资额不足百分之二十五，中止开发建设满一年的，也可以认定为闲置土地。'),
      h('处置方式'),
      ul(['未动工开发满一年的，按照土地出让或者划拨价款的百分之二十征缴土地闲置费；', '未动工开发满两年的，无偿收回国有建设用地使用权；', '因政府原因造成闲置的，可采取延长动工开发期限、调整土地用途、协议有偿收回等方式处置。']),
    ), 978),
    r('节约集约利用土地规定', '国土资源部令第61号', '国土资源部', 'national', '2014-05-22', '2014-09-01', html(
      p('规定从规模引导、布局优化、标准控制、市场配置、盘活利用和监督考评等方面推进土地节约集约利用，明确建设项目应当严格按照建设项目用地控制标准进行测算、设计和施工。'),
    ), 366),
    r('国务院办公厅关于完善建设用地使用权转让、出租、抵押二级市场的指导意见', '国办发〔2019〕34号', '国务院办公厅', 'national', '2019-07-06', '2019-07-06', html(
      p('意见提出建立产权明晰、市场定价、信息集聚、交易安全、监管有效的土地二级市场，完善建设用地使用权转让、出租、抵押机制。'),
      ul(['明确建设用地使用权转让形式，完善土地分割、合并转让政策；', '规范以划拨方式取得的建设用地使用权出租管理；', '放宽对抵押权人的限制，自然人、企业均可作为抵押权人；', '建立交易平台，规范交易流程，加强事中事后监管。']),
    ), 689),
    r('自然资源部关于印发《国土空间调查、规划、用途管制用地用海分类指南》的通知', '自然资发〔2023〕234号', '自然资源部', 'national', '2023-11-22', '2023-11-22', html(
      p('指南统一了国土调查、国土空间规划和用途管制的用地用海分类，设耕地、园地、林地、草地、湿地、农业设施建设用地、居住用地、公共管理与公共服务用地、商业服务业用地、工矿用地、仓储用地、交通运输用地等24个一级类。'),
      p('本平台地类管理即采用该分类，工业用地细分为一类、二类、三类工业用地（100101、100102、100103）。'),
    ), 512),
    r('浙江省土地管理条例', '', '浙江省人民代表大会常务委员会', 'provincial', '2021-09-30', '2022-01-01', html(
      p('条例结合本省实际，对国土空间规划、耕地保护、建设用地审批、土地征收、集体经营性建设用地入市和宅基地管理等作出规定，自2022年1月1日起施行。'),
    ), 733),
    r('市人民政府关于进一步提高工业用地节约集约利用水平的实施意见', `市政发〔${LAST_YEAR - 1}〕21号`, '市人民政府', 'municipal', dateIn(LAST_YEAR - 1, 6, 28), dateIn(LAST_YEAR - 1, 8, 1), html(
      h('一、总体要求'),
      p('坚持“以亩产论英雄”，新增工业用地全面推行“标准地”出让，存量工业用地加快盘活利用。'),
      h('二、主要措施'),
      ul(['工业项目用地实行弹性年期出让，出让年限一般为20年，最长不超过50年；', '鼓励企业在不改变用途的前提下提高容积率，增加的建筑面积不再增收土地价款；', '建立低效用地再开发激励机制。']),
    ), 421),
    r('市人民政府办公厅关于印发工业用地长期租赁和先租后让实施办法的通知', `市政办发〔${LAST_YEAR - 2}〕35号`, '市人民政府办公厅', 'municipal', dateIn(LAST_YEAR - 2, 9, 12), dateIn(LAST_YEAR - 2, 10, 15), html(
      p('明确工业用地长期租赁、先租后让的适用范围、租赁期限、租金标准和转为出让的条件，降低企业初始用地成本。'),
    ), 298),
    r(`${ZONE.name}关于促进工业用地节约集约利用的若干意见`, `临经开管〔${THIS_YEAR}〕6号`, ZONE.committee, 'zone', daysAgo(60), daysAgo(60), html(
      p('为提高工业用地利用效率，推动高质量发展，结合开发区实际，提出如下意见。'),
      h('一、严格准入标准'),
      p('新供工业用地投资强度不低于每亩350万元，亩均税收不低于每年30万元，容积率不低于1.2。'),
      h('二、鼓励存量挖潜'),
      p('企业在自有工业用地上新建、扩建生产性用房，提高容积率的，不再增收土地价款，并给予每平方米50元的奖励。'),
      h('三、加强批后监管'),
      p('对“标准地”项目开展竣工复核和投产复核，未达到约定指标的，按合同约定承担违约责任。'),
    ), 286),
    r(`${ZONE.name}工业用地“标准地”出让实施细则`, `临经开管〔${LAST_YEAR}〕18号`, ZONE.committee, 'zone', dateIn(LAST_YEAR, 3, 20), dateIn(LAST_YEAR, 4, 1), html(
      h('第一章 总则'),
      p('第一条 为深化“标准地”改革，规范工业用地出让行为，制定本细则。'),
      p('第二条 本细则所称“标准地”，是指在完成区域评估的基础上，带固定资产投资强度、容积率、亩均税收、单位能耗标准和单位排放标准等控制指标出让的国有建设用地。'),
      h('第二章 指标体系'),
      p('第三条 “标准地”控制指标由自然资源和规划分局会同投资促进局、经济发展局等部门按片区、按行业制定，并向社会公开。'),
    ), 519),
    r(`${ZONE.name}招商引资项目准入评审办法`, `临经开管〔${LAST_YEAR}〕9号`, ZONE.committee, 'zone', dateIn(LAST_YEAR, 2, 15), dateIn(LAST_YEAR, 3, 1), html(
      p('第一条 为提高招商引资项目质量，规范项目准入评审，制定本办法。'),
      p('第二条 新引进的产业项目需经项目准入评审委员会评审，评审内容包括产业导向、投资强度、亩均效益、能耗和环保要求等。'),
      p('第三条 评审通过的项目方可进入供地程序。'),
    ), 344),
    r(`${ZONE.name}科技企业孵化器入驻优惠政策`, `临经开管〔${LAST_YEAR}〕27号`, ZONE.committee, 'zone', dateIn(LAST_YEAR, 6, 5), dateIn(LAST_YEAR, 7, 1), html(
      ul(['经认定的科技型初创企业入驻科创中心孵化器，前两年租金减半；', '获得科创走廊创新创业大赛奖项的项目，可免费入驻两年；', '入驻企业可优先申请人才公寓。']),
    ), 267),
    r(`${ZONE.name}闲置低效工业用地盘活奖励办法`, `临经开管〔${LAST_YEAR - 1}〕22号`, ZONE.committee, 'zone', dateIn(LAST_YEAR - 1, 10, 18), dateIn(LAST_YEAR - 1, 11, 1), html(
      p('对企业主动交回闲置土地、通过二级市场转让盘活低效用地的，按盘活面积给予每亩2万元奖励；对协议收回的闲置土地，按原出让价款加同期利息给予补偿。'),
    ), 203),
  ];
}

const TYPE_LABEL: Record<string, string> = { listing: '挂牌', auction: '拍卖', tender: '招标', agreement: '协议' };

function transferNotice(t: ReturnType<typeof transactionRows>[number]) {
  const parcel = parcelByCode(t.parcelCode);
  const way = TYPE_LABEL[t.transactionType];
  const publishDate = addDays(t.listingStart, -20);
  const table = `<table border="1" style="width: 100%"><tr><th>宗地编号</th><th>土地位置</th><th>土地面积（㎡）</th><th>土地用途</th><th>出让年限（年）</th><th>起始价（万元）</th><th>竞买保证金（万元）</th><th>加价幅度（万元）</th></tr><tr><td>${t.parcelCode}</td><td>${parcel.location}</td><td>${parcel.area}</td><td>${landClassName(parcel.dlcode)}</td><td>${t.transferYears}</td><td>${t.startingPrice}</td><td>${t.deposit}</td><td>${t.bidIncrement}</td></tr></table>`;
  return {
    title: `${ZONE.name}国有建设用地使用权${way}出让公告（${t.announcementNo}）`,
    type: 'transfer',
    number: t.announcementNo,
    publishDate,
    source: ZONE.landBureau,
    content: html(
      p(`经${ZONE.committee}批准，${ZONE.landBureau}决定以${way}方式出让1宗国有建设用地使用权。现将有关事项公告如下：`),
      h('一、出让地块的基本情况和规划指标要求'),
      table,
      p(`地块面积${parcel.area}平方米（折合${muOf(parcel.area)}亩），现状已完成场地平整，按现状交地。`),
      h('二、竞买人资格'),
      p('中华人民共和国境内外的法人和其他组织，除法律另有规定外，均可申请参加竞买，申请人应当单独申请。'),
      h('三、挂牌时间和地点'),
      p(`挂牌时间：${formatDateCn(t.listingStart)}至${formatDateCn(t.listingEnd)}，挂牌地点：${ZONE.tradingCentre}土地交易网。`),
      h('四、联系方式'),
      p(`联系地址：${ZONE.address}；联系电话：0571-86790301。`),
    ),
    status: '1',
    isTop: t.status === 'listing' ? 1 : 0,
    visitcount: t.status === 'listing' ? 188 : 420,
  };
}

function dealNotice(t: ReturnType<typeof transactionRows>[number]) {
  const parcel = parcelByCode(t.parcelCode);
  return {
    title: `${ZONE.name}国有建设用地使用权出让结果公示（${t.parcelCode}）`,
    type: 'deal',
    number: `临江经开成公〔${t.dealDate!.slice(0, 4)}〕${t.announcementNo!.match(/〕(\d+)号/)?.[1] ?? '1'}号`,
    publishDate: addDays(t.dealDate!, 1),
    source: ZONE.landBureau,
    content: html(
      p(`根据${t.announcementNo}，${parcel.name}（宗地编号${t.parcelCode}）国有建设用地使用权已于${formatDateCn(t.dealDate!)}${TYPE_LABEL[t.transactionType]}成交，现将结果公示如下：`),
      `<table border="1" style="width: 100%"><tr><th>宗地编号</th><th>土地面积（㎡）</th><th>竞得人</th><th>成交价（万元）</th></tr><tr><td>${t.parcelCode}</td><td>${parcel.area}</td><td>${t.winner}</td><td>${t.dealPrice}</td></tr></table>`,
      p('公示期为10个工作日。如有异议，请在公示期内以书面形式向自然资源和规划分局反映。'),
    ),
    status: '1',
    isTop: 0,
    visitcount: 260,
  };
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return dateIn(y, m, d + days);
}

function noticeRows() {
  const transactions = transactionRows();
  const other = (title: string, type: 'notice' | 'announcement', number: string, publishDate: string, content: string, visitcount: number, isTop = 0) => ({
    title, type, number, publishDate, source: ZONE.landBureau, content, status: '1', isTop, visitcount,
  });
  return [
    ...transactions.map(transferNotice),
    ...transactions.filter((t) => t.status === 'dealt').map(dealNotice),
    other(`${ZONE.name}${THIS_YEAR}年度国有建设用地供应计划公告`, 'announcement', `临江经开自然资规公〔${THIS_YEAR}〕1号`, dateIn(THIS_YEAR, 1, 25), html(
      p(`根据国土空间规划和年度土地利用计划，经${ZONE.committee}批准，现将${THIS_YEAR}年度国有建设用地供应计划公告如下：`),
      p(`${THIS_YEAR}年度计划供应国有建设用地8宗，其中工业用地4宗、物流仓储用地2宗、公共管理与公共服务用地2宗。具体地块见开发区土地信息平台“供地计划”栏目。`),
    ), 640, 1),
    other(`${ZONE.name}${LAST_YEAR}年度国有建设用地供应计划公告`, 'announcement', `临江经开自然资规公〔${LAST_YEAR}〕1号`, dateIn(LAST_YEAR, 1, 20), html(
      p(`${LAST_YEAR}年度计划供应国有建设用地7宗，其中工业用地3宗、物流仓储用地2宗、商服用地1宗、住宅用地1宗。`),
    ), 802),
    other('闲置土地认定公告（原临江中泰机械有限公司地块）', 'announcement', `临江经开自然资闲〔${LAST_YEAR}〕2号`, dateIn(LAST_YEAR, 10, 9), html(
      p('经调查核实，临江中泰机械有限公司取得的位于经三路以西、纬四路以北的工业用地（存量编号CL-006），超过出让合同约定的动工开发日期满一年未动工开发，依据《闲置土地处置办法》认定为闲置土地。'),
      p('土地使用权人对认定结果有异议的，可在公告之日起60日内依法申请行政复议。'),
    ), 377),
    other(`关于开展${THIS_YEAR}年度批而未供和闲置土地清查工作的通知`, 'notice', `临江经开自然资〔${THIS_YEAR}〕12号`, daysAgo(35), html(
      p('各片区管理机构、各平台公司：'),
      p('为摸清存量建设用地底数，加快盘活利用，决定开展批而未供和闲置土地清查工作。请于一个月内完成辖区内地块核查，在土地信息平台“存量土地”栏目中更新存量类型、闲置原因和处置方案。'),
    ), 154),
    other(`关于组织申报${THIS_YEAR}年度工业用地“标准地”项目的通知`, 'notice', `临江经开投促〔${THIS_YEAR}〕5号`, daysAgo(50), html(
      p('有意在开发区取得工业用地的企业，可通过项目准入评审后申报“标准地”项目，申报材料包括项目可行性研究报告、投资协议草案和指标承诺书。'),
      p(`咨询电话：${ZONE.investmentBureau} 0571-86790102。`),
    ), 211),
  ];
}

function templateRows() {
  return [
    {
      name: '挂牌出让公告模板',
      type: 'transferNotice',
      content: html(p(`经${ZONE.committee}批准，${ZONE.landBureau}决定以挂牌方式出让{{宗数}}宗国有建设用地使用权。`), h('一、出让地块的基本情况'), p('宗地编号：{{宗地编号}}；土地位置：{{土地位置}}；土地面积：{{土地面积}}平方米；土地用途：{{土地用途}}；出让年限：{{出让年限}}年；起始价：{{起始价}}万元。'), h('二、挂牌时间'), p('{{挂牌起始时间}}至{{挂牌截止时间}}')),
      status: '1',
      remark: '出让公告统一格式，发布前由分局审核',
    },
    {
      name: '出让结果公示模板',
      type: 'dealNotice',
      content: html(p('{{地块名称}}（宗地编号{{宗地编号}}）国有建设用地使用权已于{{成交日期}}成交，竞得人{{竞得人}}，成交价{{成交价}}万元。公示期为10个工作日。')),
      status: '1',
    },
    {
      name: '闲置土地调查通知书',
      type: 'document',
      content: html(p('{{土地使用权人}}：'), p('你单位于{{取得日期}}取得的位于{{土地位置}}的国有建设用地，涉嫌构成闲置土地。请于收到本通知书之日起30日内提供土地开发利用情况、闲置原因以及相关说明材料。')),
      status: '1',
    },
    {
      name: '片区招商手册模板',
      type: 'manual',
      content: html(h('{{片区名称}}'), p('{{片区简介}}'), h('可供土地'), p('{{可出让地块列表}}'), h('联系方式'), p('{{招商联系人}}')),
      status: '0',
      remark: '新版手册排版调整中',
    },
  ];
}

/** Regulations, notices and document templates. */
export async function seedPublications(trx: AnyDb, actorId: string | null): Promise<void> {
  await createAll(trx, 'tRegulations', regulationRows(), actorId);
  await createAll(trx, 'tTzgg', noticeRows(), actorId);
  await createAll(trx, 'tTemplate', templateRows(), actorId);
}
