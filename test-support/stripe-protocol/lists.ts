// Lists: a page of a list endpoint (limit, starting_after), and a list embedded in an object by expand[].
import { invalidRequest, noSuch } from './errors';
import { type FormObject, integerParam, stringParam } from './form-params';

interface ListJson {
  object: 'list';
  data: unknown[];
  has_more: boolean;
  url: string;
  total_count?: number;
}

const DEFAULT_PAGE_SIZE = 10;

export function listPage<T extends { id: string }>(
  items: readonly T[],
  params: FormObject,
  url: string,
  render: (item: T) => unknown,
): ListJson {
  const limit = integerParam(params, 'limit') ?? DEFAULT_PAGE_SIZE;
  if (limit < 1 || limit > 100)
    throw invalidRequest('Invalid integer: limit must be between 1 and 100.', {
      code: 'parameter_invalid_integer',
      param: 'limit',
    });
  const after = stringParam(params, 'starting_after');
  const start = after === undefined ? 0 : items.findIndex((item) => item.id === after) + 1;
  if (after !== undefined && start === 0) throw noSuch('object', after, 'starting_after', 400);
  const page = items.slice(start, start + limit);
  return { object: 'list', data: page.map(render), has_more: start + limit < items.length, url };
}

/** An expanded list holds its first page, and says how many there are in all. */
export function embeddedList<T>(items: readonly T[], url: string, render: (item: T) => unknown): ListJson {
  return {
    object: 'list',
    data: items.slice(0, DEFAULT_PAGE_SIZE).map(render),
    has_more: items.length > DEFAULT_PAGE_SIZE,
    total_count: items.length,
    url,
  };
}
