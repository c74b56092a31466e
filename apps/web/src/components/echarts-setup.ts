/**
 * ECharts through `echarts/core` with only the charts SpotzCity draws registered (never import
 * from 'echarts': one such import pulls the whole library). Loaded by `components/echart.tsx`
 * when a chart is about to be drawn, so that the library (about 180 KB gzip) is not in front of
 * a dashboard's first paint.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart, MapChart, PieChart, TreemapChart } from 'echarts/charts';
import {
  DatasetComponent,
  GeoComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  TreemapChart,
  MapChart,
  DatasetComponent,
  GeoComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export { echarts };
