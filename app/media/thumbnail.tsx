import { parseMediaPath, thumbnailSrc } from "./media-url.ts";

/** The largest size of `width` × `height` that fits a `box`-pixel square, proportions kept. */
export function fitInto(width: number, height: number, box: number): { width: number; height: number } {
  const scale = Math.min(1, box / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * An image field's value or a library file, small, in a square box: the library's small copy at
 * its own proportions (known from its URL), any other address as it is.
 */
export function Thumbnail({ src, box = 96, alt = "" }: { src: string; box?: number; alt?: string }) {
  const ref = parseMediaPath(src);
  const size = ref ? fitInto(ref.width, ref.height, box) : { width: box, height: box };
  return (
    <span className="flex flex-none items-center justify-center overflow-hidden rounded-md border border-gray-300 bg-gray-50" style={{ width: box, height: box }}>
      {src ? (
        <img src={thumbnailSrc(src)} alt={alt} width={size.width} height={size.height} loading="lazy" decoding="async" className="max-h-full max-w-full object-contain" />
      ) : (
        <span className="px-1 text-center text-xs text-gray-700">No image</span>
      )}
    </span>
  );
}

/** "830 bytes", "12.4 KB", "2.1 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
