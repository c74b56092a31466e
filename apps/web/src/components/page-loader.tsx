/** A page's (or a lazy screen's) large spinner while it loads. */
import { Spin } from 'antd';

export function PageLoader() {
  return (
    <div className="page-loader">
      <Spin size="large" />
    </div>
  );
}
