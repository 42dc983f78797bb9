import { Pagination } from 'react-admin';
import { PAGE_SIZES } from '../domain/constants';

/** Pagination for every list: 25, 50, 100, 150 or 200 rows (spec §2 list behaviour). */
export function RollCallPagination() {
  return <Pagination rowsPerPageOptions={[...PAGE_SIZES]} />;
}
