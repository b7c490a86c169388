// The response envelope of PRODUCT.md's API contract.

export interface Ok {
  code: 'ok';
}
export interface ErrorAnswer {
  code: 'error';
  message: string;
  field?: string;
}
export interface List<T> {
  code: 'ok';
  items: T[];
  total: number;
  page: number;
  size: number;
}

/** PRODUCT.md: every list is paginated, 20 by default, at most 100 a page. */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
