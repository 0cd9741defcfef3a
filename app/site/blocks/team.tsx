import { Heading, Img, type R, Section } from "./primitives.tsx";

export function Team({ text, members }: { text?: R<"teamText">; members: R<"teamMembers">[] }) {
  if (!members.length) return null;
  return (
    <Section id="team" heading="team">
      <Heading id="team" eyebrow={text?.teamText} title={text?.teamHeading ?? "Our team"} />
      <ul className="grid grid-cols-2 gap-6 lg:grid-cols-4">
        {members.map((m) => (
          <li key={m._id} className="text-center">
            <Img src={m.teamMemberImg} image={m._images?.teamMemberImg} crop="square" alt={m.teamMemberName} width={160} height={160} className="mx-auto h-32 w-32 rounded-full object-cover sm:h-40 sm:w-40" />
            <h3 className="mt-4 text-lg font-bold text-ink">{m.teamMemberName}</h3>
            <p className="text-gray-700">{m.teamMemberTitle}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
