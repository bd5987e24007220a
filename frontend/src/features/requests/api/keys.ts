export { myRequestsQueryKey } from '@/api/query-keys'
