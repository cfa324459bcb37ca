/**
 * Today's artwork when it still exists (a replaced master is the better file), else what was sold: an artwork
 * deleted after the sale does not take the buyer's file with it.
 */
export function deliveryOf(row: {
  currentFileKey: string | null;
  currentDriveLink: string | null;
  currentFormat: string | null;
  soldFileKey: string | null;
  soldDriveLink: string | null;
  soldFormat: string | null;
}) {
  const fileKey = row.currentFileKey ?? row.soldFileKey;
  const driveLink = row.currentDriveLink ?? row.soldDriveLink;
  const format = row.currentFormat ?? row.soldFormat ?? 'PNG';
  return {
    fileKey,
    driveLink,
    format,
    kind: fileKey ? ('file' as const) : driveLink ? ('drive' as const) : ('none' as const),
  };
}
