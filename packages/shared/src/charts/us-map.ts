/**
 * The US mainland for the Supplier Dashboard's map, from the bundled `us-atlas` state shapes (no
 * network): Alaska, Hawaii and the territories are left out (they stay in the state table); each
 * feature is named after its state, as `supplierLocationData` names them. The web registers it
 * with its echarts, the server with its own for the report's map image; each loads
 * `us-atlas/states-10m.json` its own way (a bundler import, a `require`) and passes it in.
 */
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export const US_MAP = 'us-mainland';
/** FIPS codes outside the mainland: Alaska, Hawaii, and the territories. */
const NOT_MAINLAND = new Set(['02', '15', '60', '66', '69', '72', '78']);

let mainland: unknown;

/** The mainland states of `us-atlas/states-10m.json` as a GeoJSON FeatureCollection (built once). */
export function usMainland(states: unknown): unknown {
  if (mainland) return mainland;
  const topology = states as unknown as Topology<{ states: GeometryCollection<{ name: string }> }>;
  const collection = feature(topology, topology.objects.states);
  mainland = {
    type: 'FeatureCollection' as const,
    features: collection.features
      .filter((f) => !NOT_MAINLAND.has(String(f.id)))
      .map((f) => ({ ...f, properties: { name: f.properties.name } })),
  };
  return mainland;
}
