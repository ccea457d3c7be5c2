import type { AnyDb } from '../entities/repository';
import { newId } from '../lib/ids';
import { nowIso } from '../lib/time';
import { hashPassword } from '../services/passwords';
import { REGISTER_TYPE_PHONE, newVisitorRow } from '../services/visitors';
import { createAll } from './records';
import { PARCELS, THIS_YEAR, ZONE, daysAgo, daysFromToday } from './zone';

const para = (...texts: string[]) => texts.map((t) => `<p>${t}</p>`).join('');

function articleRows() {
  const a = (title: string, author: string, summary: string, slug: string, publishedDaysAgo: number, body: string[], visitcount: number, status = '1') => ({
    title,
    author,
    summary,
    url: `https://mp.weixin.qq.com/s/${slug}`,
    content: para(...body),
    publishDate: daysAgo(publishedDaysAgo),
    status,
    visitcount,
  });
  const desk = `${ZONE.short}发布`;
  return [
    a('一图读懂：工业用地“标准地”出让怎么办', desk, '从指标公开、拿地签约到竣工复核，一图看懂“标准地”全流程。', 'ljkfq-bzd-tujie', 8, ['“标准地”出让前完成区域评估，控制指标公开透明，企业拿地即可开工。', '本文以图解方式介绍“标准地”从项目准入、挂牌出让、签订合同到竣工复核、投产复核的全过程。'], 1832),
    a(`${THIS_YEAR}年度国有建设用地供应计划发布`, desk, `今年计划供应国有建设用地8宗，工业和物流仓储用地占七成以上。`, 'ljkfq-gdjh-fabu', 30, ['开发区公布年度国有建设用地供应计划，计划供应工业用地4宗、物流仓储用地2宗。', '供地计划地块可在土地信息平台“供地计划”地图中查看位置和范围。'], 2410),
    a('滨江智造园JX-12地块正在挂牌出让', desk, '约130亩工业用地挂牌出让，按“标准地”出让，七通一平已到位。', 'ljkfq-jx12-gp', 12, ['滨江智造园JX-12地块位于智造大道与纬八路交叉口东北侧，土地面积约8.67万平方米。', '地块已完成场地平整，给水、排水、供电、燃气、通信、道路、热力配套到位。'], 967),
    a('生物医药港公共技术服务平台二期投用', '生物医药港服务中心', '动物实验中心、分析检测中心向区内企业开放共享。', 'ljkfq-yyg-pingtai', 75, ['平台二期新增建筑面积1.8万平方米，企业可按使用时长付费共享。'], 745),
    a('“拿地即开工”是怎样做到的？', desk, '区域评估、带方案出让、并联审批，让企业少跑腿。', 'ljkfq-nadi-kaigong', 90, ['开发区在土地出让前统一完成环评、能评、水土保持等区域评估，企业取得土地后可同步办理施工许可。'], 1296),
    a('科创走廊孵化器租金减半政策问答', '科创走廊建设发展中心', '哪些企业可以申请？怎么申请？一文说清。', 'ljkfq-fuhuaqi-qa', 120, ['经认定的科技型初创企业入驻科创中心孵化器，前两年租金减半。', '申请材料包括营业执照、科技型企业认定证明和入驻申请表。'], 688),
    a('临港铁路专用线建设跑出加速度', '临港物流园管理办公室', '路基工程完成约六成，建成后实现“公铁水”多式联运。', 'ljkfq-tielu-jinzhan', 3, ['临港铁路专用线全长6.8公里，建成后将连通临江港区和国家铁路网。'], 0, '0'),
    a('存量土地盘活：原纺织印染厂地块重获新生', desk, '关停企业地块经土壤调查和场地平整后重新出让。', 'ljkfq-panhuo-yinran', 150, ['原临江纺织印染厂地块由土地储备中心收回，完成土壤污染状况调查后重新出让给智能装备项目。'], 512),
    a('二级市场交易指南：工业用地转让怎么办', ZONE.landBureau, '转让条件、办理流程和所需材料。', 'ljkfq-erji-zhinan', 180, ['工业用地转让应符合规划和出让合同约定，已完成开发投资总额25%以上。', '交易双方可通过土地信息平台“二级市场”栏目发布和查询转让、出租、抵押信息。'], 1105),
    a(`${ZONE.short}高端装备产业招商推介会在沪举行`, desk, '现场签约项目6个，总投资约38亿元。', 'ljkfq-tuijiehui-sh', 20, ['推介会发布可出让工业用地12宗、标准厂房约8万平方米。'], 873),
  ];
}

function videoRows() {
  const v = (title: string, category: string, duration: number, description: string, visitcount: number, status = '1') => ({ title, category, duration, description, status, visitcount });
  return [
    v(`${ZONE.name}宣传片`, 'zone', 326, '六大片区、主导产业和营商环境全景展示。', 5620),
    v('滨江智造园JX-12地块航拍', 'land', 95, '挂牌地块及周边道路、配套企业航拍。', 1380),
    v('三分钟看懂“标准地”', 'policy', 184, '“标准地”出让政策动画解读。', 2264),
    v('生物医药港公共技术服务平台探访', 'project', 248, '带你走进动物实验中心和分析检测中心。', 904),
    v('临港物流园多式联运规划', 'land', 132, '临港铁路专用线和港区联运规划介绍。', 0, '0'),
  ].map((row, i) => ({ ...row, displayorder: i + 1 }));
}

const TEMPLATES = [
  { templateId: 'Qx3bH8vKp2LmT9aRcE5nW1yZ7uJd4FgS0hN6iO8kXq', title: '租期到期提醒', type: 'leaseExpiry', content: '资源名称：{{thing1.DATA}}\n到期日期：{{date2.DATA}}\n温馨提示：{{thing3.DATA}}', page: 'pages/lease/detail' },
  { templateId: 'Vn7cR2pLx9QwE4tYb6Ua1Sd8Fg3Hj5Kl0Zm2Xn4Cv6', title: '土地出让公告提醒', type: 'landNotice', content: '地块名称：{{thing1.DATA}}\n挂牌时间：{{time2.DATA}}\n起始价：{{amount3.DATA}}', page: 'pages/notice/detail' },
  { templateId: 'Lp4sD9fGh2Jk7Lz3Xc8Vb1Nm6Qw5Er0Ty9Ui3Op7As', title: '成交公示提醒', type: 'dealNotice', content: '地块名称：{{thing1.DATA}}\n成交价：{{amount2.DATA}}\n成交日期：{{date3.DATA}}', page: 'pages/notice/detail' },
  { templateId: 'Hk8jG3fDs6Aq1Wz5Xe9Cr2Vt7By4Nu0Mi6Ko3Lp8Zx', title: '咨询回复通知', type: 'consultReply', content: '咨询标题：{{thing1.DATA}}\n回复时间：{{time2.DATA}}\n回复内容：{{thing3.DATA}}', page: 'pages/consult/detail' },
  { templateId: 'Tb5nM2vC8xZ1aS4dF7gH0jK3lQ6wE9rT2yU5iO8pA1', title: '系统通知', type: 'system', content: '通知内容：{{thing1.DATA}}\n通知时间：{{time2.DATA}}', page: 'pages/index/index' },
];

/**
 * Investors registered on the public site (by mobile number, with the staff demo password), so
 * the messages below reach people a clerk can name in 消息列表 and an investor can sign in as.
 */
export const DEMO_VISITORS = [
  { userAccount: '13858012345', userName: '王建华', sqdw: '上海昱衡智能装备有限公司', email: 'wangjh@yuheng-ie.com' },
  { userAccount: '13958086610', userName: '赵明', sqdw: '浙江港通供应链管理有限公司', email: null },
  { userAccount: '13962188845', userName: '陈晓岚', sqdw: '苏州博衍生物科技有限公司', email: 'chenxl@boyanbio.cn' },
  { userAccount: '13605712233', userName: '周立', sqdw: '临江利达五金制品有限公司', email: null },
] as const;
export const DEMO_VISITOR_PASSWORD = 'Demo@2024abc';

async function seedVisitors(trx: AnyDb): Promise<string[]> {
  const now = nowIso();
  // One hash for the four (argon2 is slow on purpose; every demo start would pay it four times).
  const passwordHash = await hashPassword(DEMO_VISITOR_PASSWORD);
  const ids: string[] = [];
  for (const v of DEMO_VISITORS) {
    const id = newId();
    // Registered, never signed in yet.
    await trx.insertInto('t_visitor').values({ ...newVisitorRow({ id, ...v, passwordHash, registerType: REGISTER_TYPE_PHONE }, now), lastLoginAt: null }).execute();
    ids.push(id);
  }
  return ids;
}

/**
 * The demo questions asked from a demo visitor's mobile number are theirs (as if asked signed
 * in): they show under the visitor's 我的咨询, where the reply notices below lead. Linked after
 * the answers (seedInvestment), so the answers do not send a second notice through the outbox.
 */
async function linkQuestionsToVisitors(trx: AnyDb, visitors: string[]): Promise<Map<string, string>> {
  for (const [i, v] of DEMO_VISITORS.entries()) {
    await trx.updateTable('t_problem').set({ visitorId: visitors[i] }).where('askerPhone', '=', v.userAccount).execute();
  }
  const rows = await trx.selectFrom('t_problem').select(['id', 'title']).where('visitorId', 'in', visitors).execute();
  return new Map(rows.map((r) => [String(r.title), String(r.id)]));
}

function userMessageRows(visitors: string[], parcelId: (code: string) => string, questionId: (title: string) => string | undefined) {
  const [jx12, wl05] = [PARCELS[7], PARCELS[9]];
  const m = (userIndex: number, title: string, content: string, type: string, isRead: 0 | 1, sourceId?: string) => ({ userId: visitors[userIndex], title, content, type, isRead, sourceId });
  const reply = (userIndex: number, question: string, isRead: 0 | 1) => m(userIndex, '咨询回复通知', `您咨询的“${question}”已有回复。`, 'consultReply', isRead, questionId(question));
  return [
    m(0, '土地出让公告提醒', `您关注的${jx12.name}已发布挂牌出让公告，挂牌截止日期${daysFromToday(8)}。`, 'landNotice', 1, parcelId(jx12.code)),
    m(0, '租期到期提醒', `您租用的智造园二期标准厂房5号楼将于${daysFromToday(30)}到期，请及时办理续租手续。`, 'leaseExpiry', 0),
    m(1, '土地出让公告提醒', `您关注的${wl05.name}已发布挂牌出让公告。`, 'landNotice', 0, parcelId(wl05.code)),
    reply(1, '竞买保证金什么时候退还？', 1),
    m(2, '成交公示提醒', '生物医药港YY-01地块出让结果已公示。', 'dealNotice', 1),
    m(2, '系统通知', '土地信息平台将于本周六22:00至次日2:00进行系统维护。', 'system', 0),
    m(3, '租期到期提醒', `您租用的临港物流园高台库1号库将于${daysFromToday(15)}到期。`, 'leaseExpiry', 0),
    reply(3, '标准厂房可以分层租赁吗？', 0),
  ];
}

function permissionRows() {
  const w = (openid: string, nickname: string, realName: string, phone: string, company: string, permission: string, expiryDate: string, status = '1') => ({ openid, nickname, realName, phone, company, permission, expiryDate, status });
  return [
    w('oLJ8x5Hq2vKp3MnT7aRcE1yZuJd4', '智造园-朱工', '朱建国', '13906712201', '临江城市运营管理有限公司', 'leaseExpiry', daysFromToday(365)),
    w('oLJ8x5Wz9Qb6Xe1Cr4Vt8By2NuM0', '港通仓储何伟', '何伟', '13906712202', '临江临港物流发展有限公司', 'leaseExpiry', daysFromToday(365)),
    w('oLJ8x5Lp3Zx7As2Df6Gh0Jk9Lq5W', '林悦', '林悦', '13968077812', '临江科创园区运营有限公司', 'leaseExpiry', daysFromToday(180)),
    w('oLJ8x5Tb4Nm8Vc1Xz5As9Df3Gh7J', '昱衡智能孙立', '孙立', '13817265530', '上海昱衡智能装备有限公司', 'landNotice', daysFromToday(90)),
    w('oLJ8x5Kj2Hg6Fd0Sa4Qw8Er1Ty5U', '许文静', '许文静', '13867120033', '临江生物医药港建设发展有限公司', 'leaseExpiry', daysAgo(10), '0'),
    w('oLJ8x5Mi7Ko1Lp5Zx9Cv3Bn6Mq2W', '程立', '程立', '13867120044', '临江保税区综合服务有限公司', 'dealNotice', daysFromToday(365)),
  ];
}

/** Official-account articles, mini-program videos, message templates, visitors with their messages, and permissions. */
export async function seedWechat(trx: AnyDb, actorId: string | null, parcelId: (code: string) => string): Promise<void> {
  await createAll(trx, 'tWxgzh', articleRows(), actorId);
  await createAll(trx, 'tWxvideo', videoRows(), actorId);
  await createAll(trx, 'tMessage', TEMPLATES.map((t) => ({ ...t, status: '1' })), actorId);
  const visitors = await seedVisitors(trx);
  const questions = await linkQuestionsToVisitors(trx, visitors);
  await createAll(trx, 'tMessageuser', userMessageRows(visitors, parcelId, (title) => questions.get(title)), actorId);
  await createAll(trx, 'tWxuserpermission', permissionRows(), actorId);
}
