/** One file of a built pack, addressed by its POSIX path below the pack directory. */
export interface OutputFile {
  readonly path: string;
  /** Text files are UTF-8 with LF line ends; copied files keep their bytes. */
  readonly content: string | Uint8Array;
  readonly executable: boolean;
}

export function textFile(path: string, content: string, executable = false): OutputFile {
  return { path, content, executable };
}

export function contentBytes(file: OutputFile): Uint8Array {
  return typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content;
}
