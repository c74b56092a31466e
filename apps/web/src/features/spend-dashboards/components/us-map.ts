/**
 * Registers the US mainland (from @spotzcity/shared/charts/us-map) with the web's echarts, before
 * the first chart is drawn; the shapes load with the library, not with the page.
 */
import { US_MAP, usMainland } from '@spotzcity/shared/charts/us-map';
import { beforeCharts } from '../../../components/echart.tsx';

export { US_MAP };

async function registerShapes(echarts: Parameters<Parameters<typeof beforeCharts>[0]>[0]) {
  const { default: states } = await import('us-atlas/states-10m.json');
  echarts.registerMap(US_MAP, usMainland(states) as never);
}

export function registerUsMap() {
  beforeCharts(registerShapes);
}
