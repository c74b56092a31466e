/**
 * The rollup tally's thread (rollup-tally.ts): reads the file's COPY text line by line and posts
 * its groups, or why it could not (the save then groups the rows in SQL).
 */
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { parentPort, workerData } from 'node:worker_threads';
import { RollupTally, TallyUnfit, type TallyInput, type TallyMessage } from './rollup-tally.ts';

const input = workerData as TallyInput;
const post = (message: TallyMessage, transfer: ArrayBuffer[] = []) =>
  parentPort!.postMessage(message, transfer);

async function tally() {
  const tally = new RollupTally(input.prefix, input.columns, input.maxGroups);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of createReadStream(input.copyFile, { highWaterMark: 1024 * 1024 })) {
    const text = rest + decoder.write(chunk as Buffer);
    let from = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', from)) {
      tally.add(text.slice(from, end));
      from = end + 1;
    }
    rest = text.slice(from);
  }
  rest += decoder.end();
  if (rest !== '') throw new TallyUnfit('The COPY text does not end with a line end');
  const result = tally.finish();
  const buffer = result.copy.buffer as ArrayBuffer;
  post({ type: 'done', result }, [buffer]);
}

tally().catch((error: Error) => {
  post({ type: 'unfit', reason: error instanceof TallyUnfit ? error.message : String(error) });
});
