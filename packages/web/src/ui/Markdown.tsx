import { Typography } from '@mantine/core';
import { useMemo } from 'react';
import { renderMarkdown } from './markdown.ts';
import './markdown.css';

/** Renders Markdown (program descriptions, module instructions, knowledge-base articles) as sanitised HTML. */
export function Markdown(props: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(props.source), [props.source]);
  return (
    <Typography className={props.className}>
      {/* renderMarkdown's output has been through DOMPurify: no script, handler or javascript: URL survives. */}
      <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
