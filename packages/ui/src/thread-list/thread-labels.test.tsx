import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LabelsProvider } from '../labels/labels.js';
import { useThreadLabels } from './thread-labels.js';

afterEach(cleanup);

describe('useThreadLabels', () => {
  it('gives every row of a list the same filled labels (filled once per labels object), and the app\'s own strings', () => {
    const seen: Array<ReturnType<typeof useThreadLabels>> = [];
    function Row() {
      seen.push(useThreadLabels());
      return null;
    }
    const labels = { deleteThread: 'Remove' };
    render(
      <LabelsProvider labels={labels}>
        <Row />
        <Row />
        <Row />
      </LabelsProvider>,
    );
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(1);
    expect(seen[0]!.deleteThread).toBe('Remove');
    expect(seen[0]!.undoDelete).toBe('Undo');
  });
});
