import type { DiscoveryContext } from '../../discovery.js';

/**
 * ONS's Open Geography Portal as ArcGIS REST services: the organisation's service list, and a
 * layer's features read page by page. No response is recorded: the shapes are Esri's REST API
 * (`_publishers/MANIFEST.md` §2j: `features[].attributes`, `exceededTransferLimit`, errors as HTTP
 * 200 `{"error": {code, message}}`) and third-party clients'.
 */

export const OPEN_GEOGRAPHY_SERVICES = 'https://services1.arcgis.com/ESMARspQHYMw9BZ9/arcgis/rest/services';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An answer of the REST API, refusing the 200 that carries an error. */
async function arcgis(context: DiscoveryContext, url: string): Promise<Json> {
  const body = await context.getJson<unknown>(url);
  if (!isObject(body)) throw new Error(`${url}: the answer is not a JSON object`);
  if (isObject(body.error)) {
    const { code, message } = body.error;
    const said = [code, message].filter((v) => typeof v === 'string' || typeof v === 'number').join(' ');
    throw new Error(`${url} answered an error: ${said}`);
  }
  return body;
}

/** The names of the organisation's feature services. */
export async function serviceNames(context: DiscoveryContext): Promise<string[]> {
  const url = `${OPEN_GEOGRAPHY_SERVICES}?f=json`;
  const list = await arcgis(context, url);
  if (!Array.isArray(list.services)) throw new Error(`${url}: no services[]`);
  return list.services.flatMap((s) =>
    isObject(s) && typeof s.name === 'string' && (s.type === undefined || s.type === 'FeatureServer') ? [s.name] : [],
  );
}

/** Every feature's attributes of a service's layer, page by page until the server says there are no more. */
export async function queryAll(
  context: DiscoveryContext,
  service: string,
  layer = 0,
  maxPages = 50,
): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let page = 0; page < maxPages; page++) {
    const query = new URLSearchParams({
      where: '1=1',
      outFields: '*',
      returnGeometry: 'false',
      f: 'json',
      resultOffset: String(rows.length),
      resultRecordCount: '2000',
    });
    const url = `${OPEN_GEOGRAPHY_SERVICES}/${service}/FeatureServer/${layer}/query?${query}`;
    const answer = await arcgis(context, url);
    if (!Array.isArray(answer.features)) throw new Error(`${url}: no features[]`);
    const features = answer.features.flatMap((f) => (isObject(f) && isObject(f.attributes) ? [f.attributes] : []));
    rows.push(...features);
    if (answer.exceededTransferLimit !== true || features.length === 0) return rows;
  }
  throw new Error(`${service}: more than ${maxPages} pages of features`);
}
