import { useLoaderData } from 'react-router';

export function loader() {
  return { greeting: '안녕하세요' };
}

export default function Home() {
  const { greeting } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>{greeting}</h1>
    </main>
  );
}
