/** /knowledge-base/:slug: one article, scrolled to the anchor in the address (`#echo-time`) once it has loaded. */
import { useEffect } from 'react';
import { Center, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { Markdown } from '#ui/Markdown.tsx';
import { EmptyState } from '#ui/PageFrame.tsx';
import { findArticle, loadArticleSource } from '../articles.ts';

export function KnowledgeBaseArticlePage() {
  const { slug = '' } = useParams();
  const { hash } = useLocation();
  const article = findArticle(slug);
  const source = useQuery({
    queryKey: ['knowledge-base', slug],
    queryFn: () => loadArticleSource(slug),
    enabled: article !== undefined,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (source.data === undefined || hash === '') return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [source.data, hash]);

  useEffect(() => {
    document.title = article ? `${article.title} · Larmor knowledge base` : 'Larmor knowledge base';
  }, [article]);

  if (article === undefined) {
    return <EmptyState title="No such article" description="Pick an article from the contents." />;
  }
  if (source.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label="Loading the article" />
      </Center>
    );
  }
  return (
    <Stack component="article" aria-label={article.title}>
      <ErrorAlert error={source.error} />
      {source.data !== undefined && <Markdown source={source.data} className="kb-article" />}
    </Stack>
  );
}
