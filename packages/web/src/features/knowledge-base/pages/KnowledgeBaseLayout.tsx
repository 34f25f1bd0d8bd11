/**
 * The knowledge base's frame: opened in a new tab from the Help menus, readable without signing in. A header, the
 * table of contents beside the article, and the article.
 */
import { Anchor, Box, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, Outlet, useParams } from 'react-router';
import { KNOWLEDGE_BASE_PATH } from '@larmor/contracts/knowledge-base';
import { CrashBoundary } from '#ui/CrashScreen.tsx';
import { articlesByCategory } from '../articles.ts';

export function KnowledgeBaseLayout() {
  const { slug } = useParams();
  return (
    <div className="kb-layout" style={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        component="nav"
        aria-label="Knowledge base contents"
        w={300}
        p="md"
        style={{ borderRight: '1px solid var(--mantine-color-gray-3)', flexShrink: 0 }}
      >
        <ScrollArea h="100%">
          <Anchor component={Link} to={KNOWLEDGE_BASE_PATH} fw={700} size="lg" c="inherit" underline="never">
            Larmor knowledge base
          </Anchor>
          <Stack gap="md" mt="md">
            {articlesByCategory().map((group) => (
              <div key={group.category}>
                <Text component="h2" fz="sm" fw={700} mb={4}>
                  {group.title}
                </Text>
                {group.articles.map((article) => (
                  <NavLink
                    key={article.slug}
                    component={Link}
                    to={`${KNOWLEDGE_BASE_PATH}/${article.slug}`}
                    label={article.title}
                    active={slug === article.slug}
                    aria-current={slug === article.slug ? 'page' : undefined}
                  />
                ))}
              </div>
            ))}
          </Stack>
        </ScrollArea>
      </Box>
      <Box component="main" p="xl" style={{ flex: 1, minWidth: 0, maxWidth: 880 }}>
        <CrashBoundary>
          <Outlet />
        </CrashBoundary>
      </Box>
    </div>
  );
}
