import type { AnyDb } from '../entities/repository';
import { createAll, updateOne } from './records';
import { LAST_YEAR, THIS_YEAR, ZONE, dateIn, daysAgo, daysFromToday } from './zone';

function contactRows() {
  const bureau = ZONE.investmentBureau;
  const c = (name: string, position: string, unit: string, phone: string, email: string, areacode: string | undefined, duties: string, status = '1') => ({
    name, position, unit, phone, email: `${email}@kfq.gov.cn`, areacode, duties, status,
  });
  return [
    c('蒋文涛', '局长', bureau, '0571-86790101', 'jiangwt', undefined, '全区招商引资工作统筹，重大项目洽谈'),
    c('何丽君', '副局长', bureau, '0571-86790102', 'helj', undefined, '先进制造业招商、项目准入评审'),
    c('陆振宇', '副局长', bureau, '0571-86790103', 'luzy', undefined, '现代服务业、总部经济招商'),
    c('施雨婷', '招商一科科长', bureau, '13906718801', 'shiyt', 'LJ01', '高端装备、汽车零部件项目招引'),
    c('许国栋', '招商一科副科长', bureau, '13906718802', 'xugd', 'LJ01', '智能家电、精密机械项目对接'),
    c('唐思远', '招商二科科长', bureau, '13906718803', 'tangsy', 'LJ03', '数字经济、集成电路设计项目招引'),
    c('韩梦瑶', '招商专员', bureau, '13906718804', 'hanmy', 'LJ03', '软件与信息服务企业落户服务'),
    c('马骏', '招商三科科长', bureau, '13906718805', 'majun', 'LJ04', '生物医药、医疗器械项目招引'),
    c('罗晓慧', '招商专员', bureau, '13906718806', 'luoxh', 'LJ04', '医药研发外包企业对接、GMP 厂房租赁'),
    c('曹建军', '招商四科科长', bureau, '13906718807', 'caojj', 'LJ02', '港口物流、冷链物流项目招引'),
    c('潘宇航', '招商专员', bureau, '13906718808', 'panyh', 'LJ05', '保税加工、跨境电商企业入区'),
    c('邹雅琴', '驻上海招商联络处主任', bureau, '13906718809', 'zouyq', undefined, '长三角地区客商联络、项目信息收集'),
    c('田志远', '驻深圳招商联络处主任', bureau, '13906718810', 'tianzy', undefined, '珠三角地区客商联络、电子信息产业招商'),
    c('方晓明', '主任', '滨江智造园管理办公室', '0571-86791201', 'fangxm', 'LJ01', '园区企业服务、标准厂房招租'),
    c('杜欣然', '副主任', '临港物流园管理办公室', '0571-86791202', 'duxr', 'LJ02', '物流仓储用地和仓库招租咨询'),
    c('贺一鸣', '主任', '科创走廊建设发展中心', '0571-86791203', 'heym', 'LJ03', '孵化器入驻、科技企业政策兑现'),
    c('石慧敏', '主任', '生物医药港服务中心', '0571-86791204', 'shihm', 'LJ04', '公共技术平台使用、企业开办服务'),
    c('秦朗', '副主任', '综合保税区管理办公室', '0571-86791205', 'qinlang', 'LJ05', '海关监管业务咨询、保税仓库租赁'),
    c('范立群', '科长', ZONE.landBureau, '0571-86790301', 'fanlq', undefined, '项目用地预审、土地供应咨询'),
    c('夏文博', '招商专员', bureau, '13906718811', 'xiawb', 'LJ06', '高铁新城商务项目储备（片区规划修编期间暂停对外招商）', '0'),
  ].map((row, i) => ({ ...row, displayorder: i + 1 }));
}

function manualRows() {
  const m = (title: string, manualType: string, areacode: string | undefined, summary: string, publishDate: string) => ({ title, manualType, areacode, summary, publishDate, status: '1' });
  return [
    m(`${ZONE.name}投资指南（${THIS_YEAR}版）`, 'general', undefined, '介绍开发区区位交通、产业基础、六大片区、可供土地和厂房资源、要素价格及投资服务流程。', dateIn(THIS_YEAR, 1, 18)),
    m('滨江智造园高端装备产业招商手册', 'district', 'LJ01', '滨江智造园产业链图谱、重点企业、可出让工业用地和标准厂房清单，以及“标准地”出让指标。', dateIn(LAST_YEAR, 9, 6)),
    m('生物医药港产业招商手册', 'district', 'LJ04', '生物医药港公共技术服务平台、GMP 厂房、危化品仓储和人才公寓等配套设施介绍。', dateIn(LAST_YEAR, 11, 20)),
    m('临港物流园招商手册', 'district', 'LJ02', '港口、疏港公路和临港铁路专用线条件，物流仓储用地准入标准和仓库租赁信息。', dateIn(LAST_YEAR, 6, 12)),
    m('数字经济产业招商手册', 'industry', 'LJ03', '数字经济和集成电路设计产业扶持政策、科创走廊孵化载体和人才政策汇编。', daysAgo(40)),
  ];
}

function eventRows() {
  const e = (
    title: string,
    type: 'promotion' | 'signing' | 'policy' | 'news',
    areacode: string | undefined,
    eventDate: string,
    location: string,
    summary: string,
    paragraphs: string[],
    visitcount: number,
    status = '1',
  ) => ({
    title,
    type,
    areacode,
    eventDate,
    location,
    summary,
    content: paragraphs.map((p) => `<p style="text-indent: 2em">${p}</p>`).join(''),
    status,
    visitcount,
  });
  return [
    e(`${ZONE.short}${THIS_YEAR}年高端装备产业招商推介会在上海举行`, 'promotion', 'LJ01', daysAgo(20), '上海市浦东新区', '推介会发布可出让工业用地12宗、标准厂房8万平方米，现场签约项目6个。', [
      `近日，${ZONE.name}高端装备产业招商推介会在上海举行，来自长三角地区的120余位企业家和行业协会代表参加。`,
      '推介会上，开发区投资促进局介绍了滨江智造园产业基础、要素保障和“标准地”出让政策，发布可出让工业用地12宗、标准厂房约8万平方米。',
      '现场共签约项目6个，总投资约38亿元，涉及新能源汽车热管理系统、工业机器人减速器等领域。',
    ], 356),
    e('年产30万套新能源汽车热管理系统项目签约落户滨江智造园', 'signing', 'LJ01', daysAgo(45), `${ZONE.committee}`, '项目总投资12亿元，拟用地约100亩，达产后年产值约20亿元。', [
      '开发区与浙江临江精工传动科技有限公司正式签约年产30万套新能源汽车热管理系统项目。',
      '项目总投资12亿元，拟在滨江智造园通过“标准地”方式取得工业用地约100亩，建设智能化生产线和研发中心。',
    ], 512),
    e(`《${ZONE.name}关于促进工业用地节约集约利用的若干意见》发布`, 'policy', undefined, daysAgo(60), `${ZONE.committee}`, '明确工业项目投资强度、亩均税收准入标准和存量用地盘活激励措施。', [
      '为提高工业用地利用效率，管委会印发《关于促进工业用地节约集约利用的若干意见》。',
      '意见明确新供工业用地投资强度不低于每亩350万元，亩均税收不低于每年30万元，并对存量工业用地增容、闲置土地盘活给予奖励。',
    ], 288),
    e('生物医药港公共技术服务平台二期投入使用', 'news', 'LJ04', daysAgo(75), '生物医药港', '二期新增动物实验中心和分析检测中心，向区内企业开放共享。', [
      '生物医药港公共技术服务平台二期日前投入使用，新增建筑面积1.8万平方米。',
      '平台二期包括动物实验中心、分析检测中心和中试车间，区内企业可按实际使用时长付费共享。',
    ], 197),
    e('临港物流园冷链物流基地项目集中签约', 'signing', 'LJ02', daysAgo(96), '临港物流园综合服务中心', '3个冷链物流项目集中签约，总投资9.6亿元。', [
      '临港物流园举行冷链物流基地项目集中签约仪式，3个项目总投资9.6亿元，规划建设冷库容量15万吨。',
    ], 164),
    e(`${ZONE.short}赴深圳开展电子信息产业专题招商`, 'promotion', 'LJ03', daysAgo(110), '广东省深圳市南山区', '走访电子信息企业15家，达成投资意向4个。', [
      '开发区招商小分队赴深圳开展电子信息产业专题招商，走访集成电路设计、智能终端企业15家。',
      '科创走廊孵化器、中试基地等载体受到企业关注，达成投资意向4个。',
    ], 133),
    e('综合保税区跨境电商监管中心正式启用', 'news', 'LJ05', daysAgo(130), '综合保税区', '监管中心可办理跨境电商网购保税进口和零售出口业务。', [
      '综合保税区跨境电商监管中心正式启用，由原监管仓库改建而成，建筑面积约1.2万平方米。',
    ], 241),
    e(`${LAST_YEAR}年度工业用地“标准地”出让情况发布`, 'policy', undefined, dateIn(THIS_YEAR, 1, 10), ZONE.landBureau, `${LAST_YEAR}年全区以“标准地”方式出让工业用地5宗，面积约290亩。`, [
      `${LAST_YEAR}年，开发区以“标准地”方式出让工业用地5宗、面积约290亩，全部实现拿地即开工。`,
      '下一步将扩大“标准地”出让范围，推动物流仓储用地同步实行“标准地”出让。',
    ], 305),
    e('科创走廊创新创业大赛决赛举行', 'news', 'LJ03', daysAgo(150), '科创中心报告厅', '20个项目进入决赛，获奖项目可免费入驻孵化器两年。', [
      '科创走廊第三届创新创业大赛决赛举行，20个项目进入决赛，涉及工业软件、智能传感等方向。',
    ], 118),
    e('生物医药产业招商推介会（杭州站）', 'promotion', 'LJ04', daysFromToday(15), '杭州国际博览中心', '推介生物医药港可出让用地和 GMP 厂房资源，欢迎企业报名参会。', [
      '开发区将于近期在杭州举办生物医药产业招商推介会，推介生物医药港可出让工业用地和 GMP 标准厂房资源。',
      `报名联系：生物医药港服务中心，电话0571-86791204。`,
    ], 46),
    e('智能家电产业链项目签约', 'signing', 'LJ01', daysAgo(180), ZONE.committee, '2个智能家电配套项目签约，总投资5.2亿元。', [
      '临江恒越智能家电有限公司二期项目及其配套电机项目签约，总投资5.2亿元。',
    ], 201),
    e('临港铁路专用线建设进展', 'news', 'LJ02', daysAgo(3), '临港物流园', '专用线路基工程完成约六成，计划明年建成通车。', [
      '临港铁路专用线路基工程已完成约六成，桥梁桩基全部完成。',
    ], 0, '0'),
  ];
}

function companyRows() {
  const co = (
    companyName: string,
    creditCode: string,
    companyType: string,
    legalRepresentative: string,
    registeredCapital: number,
    establishedDate: string,
    businessScope: string,
    address: string,
    contact: string,
    phone: string,
    introduction: string,
  ) => ({ companyName, creditCode, companyType, legalRepresentative, registeredCapital, establishedDate, businessScope, address: `${ZONE.name}${address}`, contact, phone, introduction });
  return [
    co('临江经济技术开发区开发建设集团有限公司', '91330176MA2AY4CL40', 'construction', '朱宏伟', 300000, '2012-03-16', '园区基础设施建设；土地整理；房屋建筑工程施工；物业管理。', '临江大道1号', '魏红', '0571-86790501', '开发区主要开发建设主体，负责道路、管网等基础设施和标准厂房建设。'),
    co('临江产业投资发展有限公司', '91330176MA212TH34R', 'investment', '钱文斌', 200000, '2015-07-08', '股权投资；创业投资；投资管理；资产管理。', '科创大道500号', '蔡晓东', '0571-86790502', '管理开发区产业引导基金，参与重大产业项目股权投资。'),
    co('临江城市运营管理有限公司', '91330176MA2BJ1XG8Q', 'operation', '孔令杰', 50000, '2016-11-22', '园区运营管理；停车场服务；市政设施养护；物业管理。', '站前大道2号', '严佳', '0571-86790503', '负责园区公共设施运营和市政设施养护。'),
    co('临江临港物流发展有限公司', '91330176MA2612DD6B', 'operation', '姚建平', 80000, '2017-04-10', '仓储服务；道路货物运输；国际货物运输代理；供应链管理服务。', '港城大道16号', '邵强', '0571-86790504', '负责临港物流园仓储设施建设运营和铁路专用线建设。'),
    co('临江生物医药港建设发展有限公司', '91330176MA2272HD0K', 'construction', '童丽华', 60000, '2018-09-03', '生物医药产业园区开发建设；技术服务；房屋租赁。', '药谷大道9号', '汤敏', '0571-86790505', '负责生物医药港 GMP 厂房和公共技术服务平台建设运营。'),
    co('临江科创园区运营有限公司', '91330176MA21TJ3Y9M', 'operation', '葛晨', 20000, '2019-05-28', '科技企业孵化服务；创业空间服务；会议及展览服务。', '启航路120号', '黎娜', '0571-86790506', '运营科创走廊孵化器和中试基地，提供创业辅导和政策申报服务。'),
    co('临江保税区综合服务有限公司', '91330176MA27LLJY87', 'service', '卢俊', 10000, '2020-01-15', '报关业务；保税仓储；进出口代理；供应链管理服务。', '保税路1号', '江涛', '0571-86790507', '为综保区企业提供报关、保税仓储等综合服务。'),
    co('临江土地开发整理有限公司', '91330176MA21JJC114', 'construction', '汪海', 100000, '2013-08-19', '土地整理；土地复垦；场地平整；土石方工程。', '临江大道1号', '孟凡', '0571-86790508', '承担储备土地前期开发、场地平整和“七通一平”配套建设。'),
  ];
}

function prophaseRows() {
  const p = (projectName: string, investor: string, industry: string, plannedInvestment: number, landDemand: number, areacode: string, stage: string, contact: string, phone: string, startDate: string, description: string) => ({
    projectName, investor, industry, plannedInvestment, landDemand, areacode, stage, contact, phone, startDate, description,
  });
  return [
    p('工业机器人精密减速器项目', '上海昱衡智能装备有限公司', '智能装备', 80000, 65, 'LJ01', 'toSign', '孙立', '13817265530', daysFromToday(120), '建设精密减速器生产线20条，达产后年产各类减速器50万台。'),
    p('功率半导体封测项目', '深圳芯途微电子有限公司', '集成电路', 150000, 80, 'LJ03', 'evaluation', '黄振', '13760312257', daysFromToday(200), '建设车规级功率器件封装及成品检测生产线，需双回路供电和纯水供应。'),
    p('生物药 CDMO 基地项目', '苏州博衍生物科技有限公司', '生物医药', 120000, 55, 'LJ04', 'negotiation', '陈蕾', '13962188845', daysFromToday(300), '建设抗体药物中试及商业化生产基地，需集中供汽和医药废水预处理。'),
    p('区域冷链分拨中心项目', '浙江鲜达供应链有限公司', '冷链物流', 45000, 60, 'LJ02', 'negotiation', '吴涛', '13867055126', daysFromToday(240), '建设冷库10万吨及分拨中心，服务长三角南翼生鲜配送。'),
    p('智能家电核心部件项目', '宁波澄川电器有限公司', '智能家电', 35000, 40, 'LJ01', 'contact', '许亮', '13905742268', daysFromToday(360), '生产变频压缩机控制器和电机，配套区内整机企业。'),
    p('跨境电商保税仓项目', '杭州云帆跨境贸易有限公司', '跨境电商', 12000, 0, 'LJ05', 'toSign', '周颖', '13588192207', daysFromToday(60), '租赁综保区保税仓库2万平方米开展网购保税进口业务，不新增用地。'),
  ];
}

function keyProjectRows() {
  const k = (
    name: string,
    investor: string,
    industry: string,
    totalInvestment: number,
    annualInvestment: number,
    areacode: string,
    stage: string,
    startDate: string,
    plannedCompletion: string,
    progress: number,
    description: string,
  ) => ({ name, investor, industry, totalInvestment, annualInvestment, areacode, stage, startDate, plannedCompletion, progress, description, status: '1' });
  return [
    k('年产30万套新能源汽车热管理系统项目', '浙江临江精工传动科技有限公司', '汽车零部件', 120000, 45000, 'LJ01', 'building', dateIn(LAST_YEAR, 5, 18), dateIn(THIS_YEAR + 1, 6, 30), 45, '新建厂房及研发楼14万平方米，购置智能化生产线12条。'),
    k('智能家电二期扩建项目', '临江恒越智能家电有限公司', '智能家电', 52000, 20000, 'LJ01', 'building', dateIn(LAST_YEAR, 7, 2), dateIn(THIS_YEAR, 12, 31), 70, '新增变频空调生产线6条，建设自动化立体仓库。'),
    k('临港冷链物流中心一期', '浙江港通供应链管理有限公司', '冷链物流', 38000, 18000, 'LJ02', 'started', dateIn(THIS_YEAR, 3, 1), dateIn(THIS_YEAR + 1, 9, 30), 20, '建设冷库8万吨、分拣中心1.5万平方米。'),
    k('创新药产业化基地', '浙江康衡生物医药有限公司', '生物医药', 150000, 50000, 'LJ04', 'building', dateIn(LAST_YEAR, 10, 8), dateIn(THIS_YEAR + 2, 6, 30), 30, '建设符合中美欧 GMP 标准的制剂车间和质检中心。'),
    k('科创中心二期', '临江科创园区运营有限公司', '科技服务', 60000, 25000, 'LJ03', 'completed', dateIn(LAST_YEAR - 2, 4, 15), dateIn(LAST_YEAR, 12, 20), 100, '建设孵化器和研发办公楼共12万平方米。'),
    k('数字经济总部大楼', '浙江云岫数字科技有限公司', '数字经济', 85000, 30000, 'LJ03', 'signed', dateIn(THIS_YEAR, 10, 1), dateIn(THIS_YEAR + 3, 6, 30), 0, '建设研发总部及数据中心，建筑面积9万平方米。'),
    k('保税供应链服务中心', '临江保税供应链有限公司', '现代物流', 26000, 12000, 'LJ05', 'building', dateIn(LAST_YEAR, 12, 10), dateIn(THIS_YEAR + 1, 3, 31), 55, '建设保税仓库和跨境电商分拣中心。'),
    k('精密传动部件项目', '临江中泰精密部件有限公司', '高端装备', 30000, 0, 'LJ01', 'producing', dateIn(LAST_YEAR - 3, 3, 20), dateIn(LAST_YEAR - 1, 9, 30), 100, '年产精密齿轮、传动轴等部件800万件，已投产。'),
    k('高端医疗器械产业园', '临江生物医药港建设发展有限公司', '医疗器械', 45000, 15000, 'LJ04', 'started', dateIn(THIS_YEAR, 4, 12), dateIn(THIS_YEAR + 2, 12, 31), 10, '建设医疗器械专业厂房和注册检验服务平台。'),
    k('临港铁路专用线工程', '临江临港物流发展有限公司', '交通基础设施', 98000, 40000, 'LJ02', 'building', dateIn(LAST_YEAR, 8, 1), dateIn(THIS_YEAR + 1, 12, 31), 60, '新建铁路专用线6.8公里及装卸场站。'),
  ].map((row, i) => ({ ...row, displayorder: i + 1 }));
}

function consultationRows() {
  const q = (
    title: string,
    category: string,
    content: string,
    askerName: string,
    askerPhone: string,
    sqdw: string,
    answer?: string,
    status?: '2',
  ) => ({ title, category, content, askerName, askerPhone, sqdw, answer, status, isPublic: 1 });
  return [
    q('工业用地“标准地”出让有哪些控制指标？', 'landPolicy', '我公司计划在滨江智造园投资智能装备项目，想了解“标准地”出让时会约定哪些指标。', '王先生', '13858012345', '上海昱衡智能装备有限公司',
      '“标准地”出让前会明确固定资产投资强度、容积率、亩均税收、单位能耗增加值和单位排放增加值等指标，并写入出让合同和投资建设协议。滨江智造园工业用地投资强度一般不低于每亩350万元，亩均税收不低于每年30万元。'),
    q('工业用地出让年限是多少年？', 'landPolicy', '请问开发区工业用地出让年限最长多少年？可以先租后让吗？', '李女士', '13967011223', '宁波澄川电器有限公司',
      '工业用地出让最高年限为50年。开发区对符合条件的项目可采取长期租赁、先租后让、弹性年期出让等方式供应，具体方式在项目准入评审时确定。'),
    q('竞买保证金什么时候退还？', 'transaction', '参加挂牌竞买未竞得，保证金多久能退回？', '赵先生', '13958086610', '浙江港通供应链管理有限公司',
      '未竞得人的竞买保证金在挂牌活动结束后5个工作日内原路退还，不计利息；竞得人的保证金转作受让地块的定金或出让价款。'),
    q('生物医药项目对污水排放有什么要求？', 'approval', '我们是抗体药物企业，想了解生物医药港的医药废水如何处理。', '陈女士', '13962188845', '苏州博衍生物科技有限公司',
      '生物医药港建有医药废水集中预处理设施，企业废水经厂内预处理达到纳管标准后接入预处理设施，再排入污水处理厂。具体水质要求可咨询生物医药港服务中心。'),
    q('标准厂房可以分层租赁吗？', 'investment', '小微企业，需要1000平方米左右厂房，智造园标准厂房能否分层租？', '周先生', '13605712233', '临江利达五金制品有限公司',
      '可以。智造园二期标准厂房3号楼二、三层可分层租赁，小微企业园A区最小分割单元450平方米。详情可联系滨江智造园管理办公室0571-86791201。'),
    q('入驻孵化器有租金减免吗？', 'investment', '科技型初创企业入驻科创中心孵化器是否有租金优惠？', '孙同学', '13735822119', '个人',
      '经认定的科技型初创企业入驻科创中心孵化器，前两年租金减半；获得科创走廊创新创业大赛奖项的项目可免费入驻两年。'),
    q('工业用地可以分割转让吗？', 'transaction', '我公司已取得50亩工业用地，项目调整后想转让其中20亩，可以吗？', '赵女士', '0571-86795521', '浙江康衡生物医药有限公司',
      '根据国办发〔2019〕34号文件精神，工业用地在符合规划、不影响原项目使用的前提下可以分割转让，需经开发区管委会审核同意并办理不动产分割登记。建议先与自然资源和规划分局沟通。'),
    q('综保区企业如何办理入区备案？', 'approval', '我们计划在综保区开展保税仓储业务，入区需要哪些手续？', '吴经理', '13750821109', '杭州云帆跨境贸易有限公司',
      '企业需先完成工商登记和海关备案，再向综合保税区管理办公室提交入区申请，经联合审核后办理入区手续。可由临江保税区综合服务有限公司协助办理。'),
    q('闲置土地如何认定？', 'landPolicy', '企业取得土地后因市场原因未开工，多久会被认定为闲置土地？', '钱先生', '13906716635', '临江利达五金制品有限公司',
      '根据《闲置土地处置办法》，超过出让合同约定的动工开发日期满一年未动工开发的，可认定为闲置土地。因政府原因造成的闲置，可协商延长动工期限或调整用途等方式处置。'),
    q('物流仓储用地的准入标准？', 'investment', '想在临港物流园拿地建仓库，投资强度有要求吗？', '刘经理', '13967128876', '浙江鲜达供应链有限公司',
      undefined, '2'),
    q('高铁新城什么时候恢复招商？', 'investment', '我们关注高铁新城商务用地，请问什么时候会出让？', '郑先生', '13819065520', '临江星辰置业有限公司',
      '高铁新城控制性详细规划正在修编，修编完成后将公布出让计划，请关注开发区通知公告。', '2'),
    q('如何申请工业用地增容？', 'approval', '现有厂区容积率0.8，想加建厂房，需要补缴土地出让金吗？', '冯女士', '13777409981', '临江芯原半导体有限公司'),
    q('挂牌地块的现场踏勘怎么预约？', 'transaction', '对滨江智造园JX-12地块感兴趣，能否安排现场踏勘？', '黄先生', '13760312257', '深圳芯途微电子有限公司'),
    q('项目用地预审需要哪些材料？', 'approval', '新项目拟用地约80亩，办理用地预审需要准备哪些材料？', '许先生', '13905742268', '宁波澄川电器有限公司'),
    q('二级市场转让的税费怎么计算？', 'transaction', '转让工业用地及地上厂房，大概涉及哪些税费？', '陈先生', '13857190231', '临江宏泰机械制造有限公司'),
  ];
}

/** Contacts, manuals, events, companies, projects and consultations of investment promotion. */
export async function seedInvestment(trx: AnyDb, actorId: string | null, answererId: string | null): Promise<void> {
  await createAll(trx, 'tInvestmentLinkman', contactRows(), actorId);
  await createAll(trx, 'tZssc', manualRows(), actorId);
  await createAll(trx, 'tZshd', eventRows(), actorId);
  await createAll(trx, 'tPlatformcompany', companyRows(), actorId);
  await createAll(trx, 'tProphaseproject', prophaseRows(), actorId);
  await createAll(trx, 'tKeyproject', keyProjectRows(), actorId);
  // Visitors ask (no staff actor); staff answer later, so the tProblem hook stamps who
  // answered and when, as it does for a real answer.
  const rows = consultationRows();
  const asked = await createAll(trx, 'tProblem', rows.map((r) => ({ ...r, answer: undefined, status: undefined })), null);
  for (const [i, r] of rows.entries()) {
    if (!r.answer && !r.status) continue;
    const changes = Object.fromEntries(Object.entries({ answer: r.answer, status: r.status }).filter(([, v]) => v !== undefined));
    await updateOne(trx, 'tProblem', { id: asked[i].id, ...changes }, answererId);
  }
}
