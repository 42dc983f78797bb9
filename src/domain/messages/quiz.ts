/** The Ten Code Refresher of the Forms page: spec §2 Forms page, §4 ten-code quiz, §5. */
export const quiz = {
  title: 'Ten Code Refresher',
  question: 'What is the ten code for "%{phrase}"?',
  answer: 'Code',
  check: 'Check',
  next: 'Next Code',
  close: 'Close',
  notNumeric: 'Code must be numeric. Try again!',
  wrong: 'BZZZZT! Wrong! the correct answer is %{code}',
  right: 'Good Job! %{code} is "%{phrase}".',
} as const;
