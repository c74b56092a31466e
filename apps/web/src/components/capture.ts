/**
 * Captures a dashboard as the spec's 1600×900 image (spec 01 point 9): the element is drawn as it
 * is on screen, then fitted, centred, onto a white 1600×900 canvas. Elements marked
 * `data-export-ignore="true"` (the export buttons themselves) are left out.
 */
import { toCanvas } from 'html-to-image';
import { CAPTURE_SIZE } from '@spotzcity/shared/reports';

export async function captureElement(node: HTMLElement): Promise<string> {
  const source = await toCanvas(node, {
    backgroundColor: '#ffffff',
    pixelRatio: 2,
    filter: (child) => !(child instanceof HTMLElement && child.dataset.exportIgnore === 'true'),
  });
  const canvas = document.createElement('canvas');
  canvas.width = CAPTURE_SIZE.width;
  canvas.height = CAPTURE_SIZE.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  const scale = Math.min(canvas.width / source.width, canvas.height / source.height);
  const width = source.width * scale;
  const height = source.height * scale;
  context.imageSmoothingQuality = 'high';
  context.drawImage(
    source,
    (canvas.width - width) / 2,
    (canvas.height - height) / 2,
    width,
    height,
  );
  return canvas.toDataURL('image/png');
}
