/**
 * Class names the print stylesheet (RollCallLayout's PrintStyles) acts on, in a file of their own
 * so the signed-in frame can name them without loading the list blocks that use them.
 */
export const printClasses = {
  /** Left off the paper: a list's heading row and actions, filter forms. */
  noPrint: 'RollCall-noPrint',
  /** On paper only: the print heading (PrintHeading). */
  printOnly: 'RollCall-printOnly',
} as const;
