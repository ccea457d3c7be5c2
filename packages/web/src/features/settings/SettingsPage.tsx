import { Alert, Button, Col, Divider, Form, Input, InputNumber, Result, Row, Select, Space, Spin } from 'antd';
import type { FormRule } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import type { SettingGroup, SettingKey, SettingMeta, Settings } from '@land/shared/settings';
import { SETTING_GROUPS, SETTING_KEYS, settingMeta, settingsSchema, settingsShape } from '@land/shared/settings';
import { ScreenCard } from '../../components/ScreenCard';
import { applyServerErrors } from '../../components/form/server-errors';
import { useUnsavedGuard } from '../../components/form/use-unsaved-guard';
import { FileUpload } from '../../components/upload/FileUpload';
import type { FileEntry } from '../../lib/files';
import { notify } from '../../lib/notify';
import { showError } from '../../lib/request';
import { getSession } from '../../lib/session';
import { saveSettings, settingsKeys, settingsQuery } from './api';

type Values = Partial<Record<SettingKey, unknown>>;

/** Banner pictures as a form control: several images, at most ten. */
function ImagesInput({ value, onChange, id }: { value?: FileEntry[]; onChange?: (v: FileEntry[]) => void; id?: string }) {
  return <FileUpload id={id} value={value ?? []} onChange={onChange} multiple limit={10} dir="images" accept="image/*" listType="picture-card" />;
}

/** Control per setting widget. */
const SETTING_WIDGETS: Record<SettingMeta['widget'], (meta: SettingMeta) => ReactNode> = {
  text: (m) => <Input placeholder={`请输入${m.label}`} autoComplete="off" />,
  textarea: (m) => <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} placeholder={`请输入${m.label}`} />,
  number: (m) => <InputNumber placeholder={`请输入${m.label}`} style={{ width: '100%' }} />,
  select: (m) => <Select options={m.options} placeholder={`请选择${m.label}`} />,
  images: () => <ImagesInput />,
  password: (m) => <Input.Password placeholder={`请输入${m.label}`} autoComplete="new-password" />,
};

/** Wide widgets take a whole row. */
const WIDE: ReadonlySet<SettingMeta['widget']> = new Set(['images', 'textarea']);

function ruleOf(key: SettingKey): FormRule {
  const schema = settingsShape[key];
  return {
    validator: (_rule, value: unknown) => {
      const result = schema.safeParse(value);
      return result.success ? Promise.resolve() : Promise.reject(new Error(result.error.issues[0]?.message ?? '输入格式不正确'));
    },
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function SettingsForm({ settings, canEdit }: { settings: Settings; canEdit: boolean }) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const groups = useMemo(() => {
    const byGroup = new Map<SettingGroup, { key: SettingKey; meta: SettingMeta }[]>();
    for (const key of SETTING_KEYS) {
      const meta = settingMeta(key);
      byGroup.set(meta.group, [...(byGroup.get(meta.group) ?? []), { key, meta }]);
    }
    return [...byGroup];
  }, []);

  const changedKeys = (values: Values) => SETTING_KEYS.filter((k) => k in values && !same(values[k], settings[k]));
  // Another tab or a menu item with unsaved settings asks first (they used to be dropped without a word).
  const [dirty, setDirty] = useState(false);
  useUnsavedGuard(dirty, '系统配置');

  const save = useMutation({
    mutationFn: saveSettings,
    meta: { ownErrors: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.all, saved);
      form.setFieldsValue(saved);
      setDirty(false);
      notify.success('保存成功');
    },
    onError: (error) => {
      if (!applyServerErrors(form, error)) showError(error);
    },
  });

  const submit = (values: Values) => {
    // The rules between settings (a tile source needs its address) are checked on the whole set.
    const whole = settingsSchema.safeParse({ ...settings, ...values });
    if (!whole.success) {
      form.setFields(whole.error.issues.map((issue) => ({ name: String(issue.path[0]), errors: [issue.message] })));
      return;
    }
    const changes = Object.fromEntries(changedKeys(values).map((k) => [k, values[k]])) as Partial<Settings>;
    if (Object.keys(changes).length === 0) {
      notify.info('没有需要保存的修改');
      return;
    }
    save.mutate(changes);
  };

  return (
    <Form<Values>
      form={form}
      name="settings"
      layout="vertical"
      initialValues={settings}
      onFinish={submit}
      onValuesChange={() => setDirty(changedKeys(form.getFieldsValue(true) as Values).length > 0)}
      disabled={!canEdit}
      scrollToFirstError
      autoComplete="off"
      style={{ maxWidth: 1000 }}
    >
      {groups.map(([group, items]) => (
        <section key={group}>
          <Divider titlePlacement="start">{SETTING_GROUPS[group]}</Divider>
          <Row gutter={16}>
            {items.map(({ key, meta }) => (
              <Col key={key} span={WIDE.has(meta.widget) ? 24 : 12}>
                <Form.Item name={key} label={meta.label} extra={meta.help} rules={[ruleOf(key)]}>
                  {SETTING_WIDGETS[meta.widget](meta)}
                </Form.Item>
              </Col>
            ))}
          </Row>
        </section>
      ))}
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="settings-save">
          保存
        </Button>
        <Button
          htmlType="button"
          onClick={() => {
            form.resetFields();
            setDirty(false);
          }}
        >
          重置
        </Button>
      </Space>
    </Form>
  );
}

/** 系统配置 (peizhi): the site settings, built from their declaration in the shared package. */
export function SettingsPage() {
  const query = useQuery(settingsQuery());
  const canEdit = getSession()?.role === 'admin';
  let body: ReactNode;
  if (query.isPending) body = <Spin style={{ display: 'block', padding: 48 }} />;
  else if (query.isError)
    body = (
      <Result
        status="error"
        title="配置加载失败"
        subTitle={query.error.message}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            重试
          </Button>
        }
      />
    );
  else body = <SettingsForm settings={query.data} canEdit={canEdit} />;
  return (
    <ScreenCard title="系统配置">
      {!canEdit && <Alert type="info" showIcon title="只有管理员可以修改系统配置。" style={{ marginBottom: 16 }} />}
      {body}
    </ScreenCard>
  );
}
