import { SearchScreenLoading } from "../../_components/search-screen";

/** Shown at once when the visitor moves to another search (a category, the next page) while the server finds its results. */
export default function SearchResultsLoading() {
  return <SearchScreenLoading />;
}
