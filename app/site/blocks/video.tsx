import { IconItem, Img, type R, Section } from "./primitives.tsx";

export function Video({ video, items }: { video?: R<"videoText">; items: R<"videoItems">[] }) {
  if (!video && !items.length) return null;
  return (
    <Section id="video" heading="video" className="bg-ink text-white">
      {video && (
        <>
          <h2 id="video-heading" className="mx-auto mb-10 max-w-3xl text-center text-3xl font-extrabold tracking-tight sm:text-4xl">
            {video.headingVideo}
          </h2>
          <a
            href={video.videoLink}
            target="_blank"
            rel="noopener noreferrer"
            className="group relative mx-auto block max-w-4xl overflow-hidden rounded-2xl focus-visible:outline-white"
          >
            <Img src={video.videoImage} image={video._images?.videoImage} alt="" width={960} height={540} className="h-auto w-full opacity-90 group-hover:opacity-100" />
            <span className="absolute inset-0 flex items-center justify-center">
              <span className="flex items-center gap-3 rounded-full bg-white px-6 py-3 text-base font-bold text-brand-800 shadow-lg">
                <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
                  <path fill="currentColor" d="M5 3.5v13l11-6.5z" />
                </svg>
                Watch the video
                <span className="sr-only">: {video.headingVideo} (opens in a new tab)</span>
              </span>
            </span>
          </a>
        </>
      )}
      {!video && <h2 id="video-heading" className="sr-only">Highlights</h2>}
      {items.length > 0 && (
        <ul className="mt-12 grid gap-8 md:grid-cols-3">
          {items.map((item) => (
            <IconItem
              key={item._id}
              look="onDark"
              icon={<Img src={item.videoItemIcon} image={item._images?.videoItemIcon} alt="" width={48} height={48} className="h-12 w-12 flex-none" />}
              title={item.videoItemTitle}
              text={item.videoItemDetails}
            />
          ))}
        </ul>
      )}
    </Section>
  );
}
