/** The question form of 咨询服务 (kit controls; the SPEC §5 validators load on the first submit). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { hanziCount } from '@land/shared/helpers';
import { notify } from '../../../lib/notify';
import { showError } from '../../../lib/request';
import { Button, Field, Input, Select, TextArea, useHeldSubmit } from '../../../public-ui';
import { InfoCircleFilled } from '../../../public-ui/icons/InfoCircleFilled';
import { SendOutlined } from '../../../public-ui/icons/SendOutlined';
import { UserOutlined } from '../../../public-ui/icons/UserOutlined';
import { PROBLEM_CATEGORY_LABELS } from '../../public-map/format';
import { openPost } from '../../public-map/api';
import { visitorPost } from '../../visitor/request';
import { checkField, fieldErrorsOf, type FieldSpec } from '../../visitor/form-rules';
import { openVisitorAuth } from '../../visitor/auth-prompt';
import { useVisitor } from '../../visitor/session';
import type { AskRequest } from '../api';
import { askStart } from './ask-link';
import styles from './ConsultingPage.module.css';

type FieldName = 'title' | 'category' | 'content' | 'askerName' | 'askerPhone' | 'sqdw';
type Values = Record<FieldName, string> & { agree: boolean };
type Errors = Partial<Record<FieldName, string>>;

const EMPTY: Values = { title: '', category: 'landPolicy', content: '', askerName: '', askerPhone: '', sqdw: '', agree: true };
const CATEGORY_OPTIONS = Object.entries(PROBLEM_CATEGORY_LABELS).map(([value, label]) => ({ value, label }));

/** 咨询内容's counter, in Chinese characters (its rule len2000 counts one as 2 units); past it the count turns red and the text stays as typed. */
const CONTENT_COUNT_MAX = 2000 / 2;

/** The SPEC §5 rules of each field. */
const RULES: Record<FieldName, FieldSpec<FieldName>> = {
  title: { rules: ['notBlank', 'len200'], required: '咨询标题' },
  category: {},
  content: { rules: ['notBlank', 'len2000'], required: '咨询内容' },
  askerName: { rules: ['notBlank', 'len60'], required: '姓名' },
  askerPhone: { rules: ['phone'], required: '联系电话' },
  sqdw: { rules: ['len200'] },
};

async function validate(values: Values, fields: FieldName[]): Promise<Errors> {
  const errors: Errors = {};
  for (const field of fields) {
    const msg = await checkField(RULES[field], values[field], values);
    if (msg) errors[field] = msg;
  }
  return errors;
}

export function AskForm() {
  const visitor = useVisitor();
  const [params] = useSearchParams();
  // Opened from a parcel (askHref): the title names it; the visitor may change it.
  const start = askStart(params);
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, title: start.title, category: start.category ?? EMPTY.category }));
  // Another link while the page stays (back/forward, the header's 咨询服务): the starting title and
  // category follow it, unless the visitor has changed them.
  const [shownStart, setShownStart] = useState(start);
  if (shownStart.title !== start.title || shownStart.category !== start.category) {
    setShownStart(start);
    setValues((v) => ({
      ...v,
      title: v.title === shownStart.title ? start.title : v.title,
      category: v.category === (shownStart.category ?? EMPTY.category) ? (start.category ?? EMPTY.category) : v.category,
    }));
  }
  const [errors, setErrors] = useState<Errors>({});
  const queryClient = useQueryClient();
  // 提交咨询 tapped while the page was on its way: the boot script held the submit; send it now.
  const formRef = useRef<HTMLFormElement>(null);
  useHeldSubmit(formRef);
  const fields: FieldName[] = visitor ? ['title', 'category', 'content'] : ['title', 'category', 'content', 'askerName', 'askerPhone', 'sqdw'];
  const ask = useMutation({
    // Signed in: as the visitor (the question then appears in the personal centre); else as a guest.
    mutationFn: async (body: AskRequest) => (visitor ? (await visitorPost('/openApi/addProblem', body)).data : openPost('addProblem', body)),
    meta: { ownErrors: true },
    onSuccess: () => {
      notify.success(visitor ? '提交成功，答复后将在个人中心“我的咨询”中显示' : '提交成功，我们会尽快答复');
      setValues(EMPTY);
      setErrors({});
      void queryClient.invalidateQueries({ queryKey: ['visitor'] });
    },
    onError: (e) => {
      const onForm = fieldErrorsOf(e, fields);
      if (onForm) setErrors(onForm);
      else showError(e);
    },
  });

  const set = (field: FieldName) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const found = await validate(values, fields);
    setErrors(found);
    const first = fields.find((f) => found[f]);
    if (first) {
      // The first field in error takes the focus (its message is announced with it).
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const body: AskRequest = { title: values.title, category: values.category, content: values.content, isPublic: values.agree ? 1 : 0 };
    if (!visitor) Object.assign(body, { askerName: values.askerName, askerPhone: values.askerPhone, sqdw: values.sqdw || undefined });
    ask.mutate(body);
  };

  const contentCount = hanziCount(values.content);

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate data-testid="ask-form" aria-label="我要咨询">
      {visitor ? (
        <div className={`${styles.notice} ${styles.noticeSuccess}`}>
          <UserOutlined />
          <span>
            以 <b>{visitor.userName || visitor.userAccount}</b>（{visitor.sqdw || visitor.userAccount}）身份提问，答复可在<Link to="/personalCenter?tab=problems">个人中心</Link>查看
          </span>
        </div>
      ) : (
        <div className={styles.notice}>
          <InfoCircleFilled />
          <span>
            未登录也可留言，请留下姓名和联系电话；
            <button type="button" className={styles.inlineLink} onClick={() => openVisitorAuth({ mode: 'login', reason: '登录后可在个人中心查看答复' })}>
              登录
            </button>
            后可在个人中心查看答复。
          </span>
        </div>
      )}
      <Field label="咨询标题" required error={errors.title}>
        {(a) => <Input {...a} value={values.title} onChange={set('title')} placeholder="一句话概括您的问题" data-testid="ask-title" />}
      </Field>
      <Field label="咨询类别" error={errors.category}>
        {(a) => <Select {...a} value={values.category} onChange={set('category')} options={CATEGORY_OPTIONS} />}
      </Field>
      <Field label="咨询内容" required error={errors.content}>
        {(a) => (
          <>
            <TextArea {...a} rows={5} value={values.content} onChange={set('content')} placeholder="请详细描述项目情况、用地需求或问题" data-testid="ask-content" />
            <div className={contentCount > CONTENT_COUNT_MAX ? `${styles.count} ${styles.countOver}` : styles.count} aria-hidden data-testid="ask-content-count">
              {contentCount} / {CONTENT_COUNT_MAX}
            </div>
          </>
        )}
      </Field>
      {!visitor && (
        <>
          <Field label="姓名" required error={errors.askerName}>
            {(a) => <Input {...a} value={values.askerName} onChange={set('askerName')} placeholder="请输入姓名" autoComplete="name" />}
          </Field>
          <Field label="联系电话" required error={errors.askerPhone}>
            {(a) => <Input {...a} type="tel" value={values.askerPhone} onChange={set('askerPhone')} placeholder="手机或固定电话" autoComplete="tel" />}
          </Field>
          <Field label="所在单位" error={errors.sqdw}>
            {(a) => <Input {...a} value={values.sqdw} onChange={set('sqdw')} placeholder="选填" autoComplete="organization" />}
          </Field>
        </>
      )}
      <label className={styles.checkbox}>
        <input type="checkbox" checked={values.agree} onChange={(e) => setValues((v) => ({ ...v, agree: e.target.checked }))} />
        答复后可公开展示（不显示个人信息）
      </label>
      <Button submit kind="primary" icon={<SendOutlined />} loading={ask.isPending} block size="large" data-testid="ask-submit">
        提交咨询
      </Button>
    </form>
  );
}
