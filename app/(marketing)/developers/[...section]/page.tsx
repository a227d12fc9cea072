// /developers/<section> — a section of the API reference, as its sidebar links name it (path routing): the same page, canonical URL /developers
export { default, generateMetadata } from "../page";
