import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export function TimeOutPage() {
  const navigate = useNavigate();
  return (
    <main>
      <Result
        status="warning"
        title={<h1 style={{ font: 'inherit', margin: 0 }}>会话超时</h1>}
        subTitle="登录状态已失效，请重新登录。"
        extra={
          <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
            返回登录
          </Button>
        }
      />
    </main>
  );
}
