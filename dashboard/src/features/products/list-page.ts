/** What a server-paged list screen receives from its route (page and search live in the URL). */
export interface ListPageProps {
  page: number;
  search: string;
  onPageChange: (page: number) => void;
  onSearchChange: (search: string) => void;
}
