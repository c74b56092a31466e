/** Registers the US mainland (from @spotzcity/shared/charts/us-map) with the web's echarts. */
import states from 'us-atlas/states-10m.json';
import { US_MAP, usMainland } from '@spotzcity/shared/charts/us-map';
import { echarts } from '../../../components/echart.tsx';

export { US_MAP };

let registered = false;

export function registerUsMap() {
  if (registered) return;
  echarts.registerMap(US_MAP, usMainland(states) as never);
  registered = true;
}
