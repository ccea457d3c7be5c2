import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export function TimeOutPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title="会话超时"
      subTitle="登录状态已失效，请重新登录。"
      extra={
        <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
          返回登录
        </Button>
      }
    />
  );
}
