import { renderHook } from '@testing-library/react';
import { useId, useState, version } from 'react';
import { version as domVersion } from 'react-dom';
import { describe, expect, it } from 'vitest';

describe('the React this project runs on', () => {
  it('is the expected major for react, react-dom and @testing-library/react', () => {
    const expected = process.env.EXPECTED_REACT_MAJOR;
    expect(version.split('.')[0]).toBe(expected);
    expect(domVersion.split('.')[0]).toBe(expected);
    // Hooks only work when @testing-library/react renders with the same React instance as the component.
    const { result } = renderHook(() => [useId(), useState(1)[0]] as const);
    expect(typeof result.current[0]).toBe('string');
    expect(result.current[1]).toBe(1);
  });
});
