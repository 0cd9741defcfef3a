import { Link } from "react-router";
import { Page } from "~/ui/page.tsx";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Rankwell | SEO services in three simple packages" },
  { name: "description", content: "Rankwell grows your search traffic with Basic, Premium and Standard SEO packages." },
];

export default function Home() {
  return (
    <Page>
      <h1 className="text-4xl font-bold">Rankwell</h1>
      <p className="mt-4 text-lg text-gray-700">SEO services in three packages: Basic, Premium and Standard.</p>
      <p className="mt-6">
        <Link to="/register" className="font-semibold text-brand-700 underline">
          Create an account
        </Link>
      </p>
    </Page>
  );
}
