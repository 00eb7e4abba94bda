/** One typed call of the route table (src/shared/api/routes.ts): the key gives method and path, the table the types. */
import type { ApiParamsOf, ApiRequestOf, ApiResponseOf, ApiRoute, ApiRoutes } from '../../shared/api/routes.ts';
import { apiRequest, type ApiRequestOptions } from './api-client.ts';

type BaseOptions = Pick<ApiRequestOptions, 'bearer' | 'timeoutMs'>;
type HasParams<R extends ApiRoute> = [keyof ApiParamsOf<R>] extends [never] ? false : true;
/** How a call is made: its bearer and timeout, its path's `{name}` values when it has any. */
export type CallOptions<R extends ApiRoute> = BaseOptions & (HasParams<R> extends true ? { params: ApiParamsOf<R> } : { params?: undefined });
type OptionsArg<R extends ApiRoute> = HasParams<R> extends true ? [options: CallOptions<R>] : [options?: CallOptions<R>];

// The OAuth token endpoint is the one call sent form-encoded (RFC 6749).
const FORM_ROUTES: ReadonlySet<string> = new Set<keyof { [R in ApiRoute as ApiRoutes[R]['form'] extends true ? R : never]: 0 }>(['POST /oauth/token']);

/** The path of a call with its `{name}` parts filled in (each encoded). */
export function routePath(route: ApiRoute, params: Record<string, string> = {}): string {
  const path = route.slice(route.indexOf(' ') + 1);
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(params[name] ?? ''));
}

function queryOf(request: object): string {
  const entries = Object.entries(request).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== null);
  // encodeURIComponent, not URLSearchParams: a space stays %20 as the site has always sent it.
  const query = entries.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`).join('&');
  return query ? `?${query}` : '';
}

/** Makes one call of the route table; throws ApiError as apiRequest does. */
export function call<R extends ApiRoute>(route: R, request: ApiRequestOf<R>, ...[options]: OptionsArg<R>): Promise<ApiResponseOf<R>> {
  const method = route.slice(0, route.indexOf(' ')) as 'GET' | 'POST' | 'PUT' | 'DELETE';
  const { params, ...rest } = (options ?? {}) as BaseOptions & { params?: Record<string, string> };
  const path = routePath(route, params);
  if (method === 'GET' || method === 'DELETE') return apiRequest<ApiResponseOf<R>>(`${path}${queryOf(request)}`, { ...rest, method });
  if (FORM_ROUTES.has(route)) return apiRequest<ApiResponseOf<R>>(path, { ...rest, method, form: request as Record<string, string> });
  return apiRequest<ApiResponseOf<R>>(path, { ...rest, method, json: request });
}
