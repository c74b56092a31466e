/**
 * The US mainland map for ECharts, from the bundled `us-atlas` state shapes (no network): Alaska,
 * Hawaii and the territories are left out; each feature is named after its state, as the
 * `supplierLocationData` reply names them.
 */
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import states from 'us-atlas/states-10m.json';
import { echarts } from '../../../components/echart.tsx';

export const US_MAP = 'us-mainland';
/** FIPS codes outside the mainland: Alaska, Hawaii, and the territories. */
const NOT_MAINLAND = new Set(['02', '15', '60', '66', '69', '72', '78']);

let registered = false;

export function registerUsMap() {
  if (registered) return;
  const topology = states as unknown as Topology<{ states: GeometryCollection<{ name: string }> }>;
  const collection = feature(topology, topology.objects.states);
  const mainland = {
    type: 'FeatureCollection' as const,
    features: collection.features
      .filter((f) => !NOT_MAINLAND.has(String(f.id)))
      .map((f) => ({ ...f, properties: { name: f.properties.name } })),
  };
  echarts.registerMap(US_MAP, mainland as never);
  registered = true;
}
