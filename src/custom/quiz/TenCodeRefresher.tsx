import { useState } from 'react';
import { ActionButton } from '../../common/ActionButton';
import QuizIcon from '@mui/icons-material/Quiz';
import { rc } from '../../domain/messages';
import { TenCodeQuiz } from './TenCodeQuiz';

/**
 * The 'Ten Code Refresher' button of the Forms page (spec §2): opens the quiz with a new random
 * phrase each time.
 */
export function TenCodeRefresher({ random }: { random?: () => number }) {
  const [round, setRound] = useState(0);
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionButton
        label={rc.quiz.title}
        icon={<QuizIcon />}
        variant="outlined"
        onClick={() => {
          setRound((n) => n + 1);
          setOpen(true);
        }}
      />
      {open && <TenCodeQuiz key={round} open onClose={() => setOpen(false)} random={random} />}
    </>
  );
}
