/** Types of wink-porter2-stemmer (the package ships none): the Porter2 (Snowball English) stem of one lowercase word. */
declare module "wink-porter2-stemmer" {
  export default function stem(word: string): string;
}
