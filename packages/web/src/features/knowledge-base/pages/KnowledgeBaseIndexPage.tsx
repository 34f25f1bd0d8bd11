/** /knowledge-base: every article by category, with its one-line summary. */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { KNOWLEDGE_BASE_PATH } from '@larmor/contracts/knowledge-base';
import { articlesByCategory } from '../articles.ts';

export function KnowledgeBaseIndexPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Knowledge base</Title>
      <Text>
        How MRI contrast, sequences, artifacts and scan parameters work, and how to plan, give contrast and
        keep SAR within limits, with images made by the same engine as the simulator.
      </Text>
      {articlesByCategory().map((group) => (
        <section key={group.category} aria-labelledby={`kb-${group.category}`}>
          <Title order={2} size="h3" id={`kb-${group.category}`} mb="xs">
            {group.title}
          </Title>
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', paddingLeft: 0 }}>
            {group.articles.map((article) => (
              <li key={article.slug}>
                <Anchor component={Link} to={`${KNOWLEDGE_BASE_PATH}/${article.slug}`} fw={600}>
                  {article.title}
                </Anchor>
                <Text size="sm">{article.summary}</Text>
              </li>
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
