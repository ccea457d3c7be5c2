/** The "no permission" state of ManagementLayout: antd's Result, whose illustrations load only when shown. */
import { Button, Result } from 'antd';

export default function ForbiddenResult({ title, onHome }: { title: string; onHome: () => void }) {
  return (
    <Result
      status="403"
      title="无权限"
      subTitle={`您的角色没有使用“${title}”的权限，如需使用请联系管理员。`}
      extra={
        <Button type="primary" onClick={onHome}>
          返回首页
        </Button>
      }
      data-testid="forbidden-page"
    />
  );
}
