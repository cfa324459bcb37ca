// The file picker's checks and messages, as pure functions.

export const PICKER_MESSAGES = {
  invalidName: 'File name is missing or invalid.',
  noValidFiles: 'No valid files selected. Please drag files from your computer.',
  tooMany: (max: number) => `Maximum ${max} files allowed. Please remove some files first.`,
  partlyAdded: (added: number, skipped: number, max: number) =>
    `Added ${added} files. ${skipped} files were not added due to the ${max} file limit.`,
  failed: 'Error processing selected files. Please try again.',
  tooLarge: (name: string, maxMb: number) => `${name} is larger than ${maxMb} MB.`,
} as const;

export interface PickerFile {
  name: string;
  size: number;
  type: string;
}

/** A file must have a name with an extension, a size and a type. */
export function isValidPickerFile(file: PickerFile): boolean {
  return Boolean(file.name && /\.[A-Za-z0-9]+$/.test(file.name) && file.size > 0 && file.type);
}

export interface PickResult<T> {
  accepted: T[];
  message: string | null;
}

/** Adds what fits to what is already picked; says what was left out and why. */
export function pickFiles<T extends PickerFile>(
  current: readonly T[],
  incoming: readonly T[],
  maxFiles: number,
  maxBytes: number,
): PickResult<T> {
  if (incoming.length === 0) return { accepted: [], message: PICKER_MESSAGES.noValidFiles };
  const valid = incoming.filter(isValidPickerFile);
  if (valid.length === 0)
    return {
      accepted: [],
      message: incoming.length === 1 ? PICKER_MESSAGES.invalidName : PICKER_MESSAGES.noValidFiles,
    };
  const tooLarge = valid.find((f) => f.size > maxBytes);
  const sized = valid.filter((f) => f.size <= maxBytes);
  const room = maxFiles - current.length;
  if (room <= 0) return { accepted: [], message: PICKER_MESSAGES.tooMany(maxFiles) };
  const accepted = sized.slice(0, room);
  let message: string | null = null;
  if (sized.length > room) message = PICKER_MESSAGES.partlyAdded(accepted.length, sized.length - room, maxFiles);
  else if (tooLarge) message = PICKER_MESSAGES.tooLarge(tooLarge.name, Math.round(maxBytes / 1024 / 1024));
  else if (valid.length < incoming.length) message = PICKER_MESSAGES.invalidName;
  return { accepted, message };
}
