import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router-dom';

/** Unknown paths (spec §2): 404 with a way back. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle="抱歉，您访问的页面不存在"
      style={{ paddingTop: '12vh' }}
      extra={
        <Space>
          <Button size="middle" onClick={() => void navigate(-1)}>返回上一页</Button>
          <Button size="middle" type="primary" onClick={() => void navigate('/')}>
            返回首页
          </Button>
        </Space>
      }
    />
  );
}
