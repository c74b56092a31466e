/** What a chart shows when its period has nothing to draw, at the chart's own height. */
import { Empty } from 'antd';
import './records.css';
import css from './chart-empty.module.css';

export function ChartEmpty({ height, text }: { height: number; text: string }) {
  return (
    <div className={css.chartEmpty} style={{ height }} data-testid="chart-empty">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />
    </div>
  );
}
