export default function ArticleRoute() {
  return <h1>news/article</h1>;
}
