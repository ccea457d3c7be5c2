/** The question form of 咨询服务; loaded with its validators when the page shows it. */
import { SendOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Select } from 'antd';
import { Link } from 'react-router';
import { notify } from '../../../lib/notify';
import { showError } from '../../../lib/request';
import { PROBLEM_CATEGORY_LABELS } from '../../public-map/format';
import { openPost } from '../../public-map/api';
import { visitorPost } from '../../visitor/request';
import { applyFieldErrors, specRules } from '../../visitor/form-rules';
import { openVisitorAuth } from '../../visitor/auth-prompt';
import { useVisitor } from '../../visitor/session';
import type { AskRequest } from '../api';

interface AskValues extends AskRequest {
  agree?: boolean;
}

const FIELDS = ['title', 'category', 'content', 'askerName', 'askerPhone', 'sqdw'];

export default function AskForm() {
  const visitor = useVisitor();
  const [form] = Form.useForm<AskValues>();
  const queryClient = useQueryClient();
  const ask = useMutation({
    // Signed in: as the visitor (the question then appears in the personal centre); else as a guest.
    mutationFn: async ({ agree, ...values }: AskValues) => {
      const body = { ...values, isPublic: agree === false ? 0 : 1 };
      return visitor ? (await visitorPost('/openApi/addProblem', body)).data : openPost('addProblem', body);
    },
    meta: { ownErrors: true },
    onSuccess: () => {
      notify.success(visitor ? '提交成功，答复后将在个人中心“我的咨询”中显示' : '提交成功，我们会尽快答复');
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['visitor'] });
    },
    onError: (e) => {
      if (!applyFieldErrors(form, e, FIELDS)) showError(e);
    },
  });

  return (
    <Form<AskValues> form={form} layout="vertical" onFinish={(v) => ask.mutate(v)} initialValues={{ agree: true, category: 'landPolicy' }} data-testid="ask-form">
      {visitor ? (
        <Alert
          type="success"
          showIcon
          icon={<UserOutlined />}
          title={
            <>
              以 <b>{visitor.userName || visitor.userAccount}</b>（{visitor.sqdw || visitor.userAccount}）身份提问，答复可在<Link to="/personalCenter?tab=problems">个人中心</Link>查看
            </>
          }
          style={{ marginBottom: 16 }}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title={
            <>
              未登录也可留言，请留下姓名和联系电话；
              <a onClick={() => openVisitorAuth({ mode: 'login', reason: '登录后可在个人中心查看答复' })} role="button">
                登录
              </a>
              后可在个人中心查看答复。
            </>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item name="title" label="咨询标题" rules={specRules(['notBlank', 'len200'], '咨询标题')}>
        <Input placeholder="一句话概括您的问题" maxLength={100} showCount data-testid="ask-title" />
      </Form.Item>
      <Form.Item name="category" label="咨询类别">
        <Select options={Object.entries(PROBLEM_CATEGORY_LABELS).map(([value, label]) => ({ value, label }))} />
      </Form.Item>
      <Form.Item name="content" label="咨询内容" rules={specRules(['notBlank', 'len2000'], '咨询内容')}>
        <Input.TextArea rows={5} placeholder="请详细描述项目情况、用地需求或问题" maxLength={1000} showCount data-testid="ask-content" />
      </Form.Item>
      {!visitor && (
        <>
          <Form.Item name="askerName" label="姓名" rules={specRules(['notBlank', 'len60'], '姓名')}>
            <Input placeholder="请输入姓名" autoComplete="name" />
          </Form.Item>
          <Form.Item name="askerPhone" label="联系电话" rules={specRules(['phone'], '联系电话')}>
            <Input placeholder="手机或固定电话" autoComplete="tel" />
          </Form.Item>
          <Form.Item name="sqdw" label="所在单位" rules={specRules(['len200'])}>
            <Input placeholder="选填" autoComplete="organization" />
          </Form.Item>
        </>
      )}
      <Form.Item name="agree" valuePropName="checked">
        <Checkbox>答复后可公开展示（不显示个人信息）</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={ask.isPending} block size="large" data-testid="ask-submit">
        提交咨询
      </Button>
    </Form>
  );
}
