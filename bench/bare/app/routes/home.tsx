// The bare page: 40 paragraphs returned by a loader.
import { useLoaderData } from "react-router";

export function loader() {
  return {
    paragraphs: Array.from(
      { length: 40 },
      (_, i) => `Paragraphe ${i + 1} : le Vovinam Viet Vo Dao est un art martial vietnamien fondé en 1938.`,
    ),
  };
}

export function meta() {
  return [{ title: "Application nue" }];
}

export default function Home() {
  const { paragraphs } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Application nue</h1>
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </main>
  );
}
