/**
 * `/`: the landing and sign-in page (platform-shell.md §2; issue "Accessibility and look"). Beside the sign-in form,
 * a few lines on what Larmor is for and the product itself: one brain slice scanned by Larmor's own engine as T1,
 * T2 and FLAIR when this app was built (build/landing-figures.ts), with the Colin27 notice the derived images carry.
 * Two columns from 992 px, the form first (left) so that visual and reading order agree; stacked below that.
 */
import { Anchor, Box, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { LarmorMark } from '#ui/LarmorMark.tsx';
import classes from './LandingLayout.module.css';

/** The three images, with what a radiographer reads off each (the specs are in build/landing-figures.ts). */
export const LANDING_IMAGES = [
  {
    src: '/figures/landing/brain-t1.jpg',
    alt: 'Axial brain slice, T1-weighted spin echo (TR 500 ms, TE 15 ms): white matter bright, CSF dark',
    caption: 'T1-weighted · TR 500 ms, TE 15 ms',
  },
  {
    src: '/figures/landing/brain-t2.jpg',
    alt: 'The same slice, T2-weighted spin echo (TR 4000 ms, TE 100 ms): CSF bright, white matter darker than grey',
    caption: 'T2-weighted · TR 4000 ms, TE 100 ms',
  },
  {
    src: '/figures/landing/brain-flair.jpg',
    alt: 'The same slice, FLAIR: T2-weighted with the CSF signal nulled by an inversion pulse',
    caption: 'FLAIR · CSF nulled by inversion',
  },
] as const;

export function LandingLayout() {
  return (
    <Box className={classes.page}>
      <Box component="main" className={classes.grid}>
        <Paper withBorder shadow="sm" p="xl" className={classes.form}>
          <Outlet />
        </Paper>
        <Stack gap="lg" className={classes.story}>
          <Group gap="sm" wrap="nowrap">
            <LarmorMark size={44} />
            <Text component="p" fw={700} fz={32} lh={1} m={0}>
              Larmor
            </Text>
          </Group>
          <Title order={2} fz={26} fw={650}>
            Learn MRI by scanning.
          </Title>
          <Text size="lg" maw={620}>
            Larmor is a scanner simulator for radiography students and their teachers. Plan a scan on the
            localisers, set TR, TE and the flip angle, run it, and read the images the physics gives — in the
            browser, on a console like the one you will meet in the department.
          </Text>
          <List spacing={4} maw={620}>
            <List.Item>Contrast follows the parameters while you move them, before you press Run.</List.Item>
            <List.Item>
              Make the artifacts you will meet (wrap, chemical shift, motion) and learn to fix them.
            </List.Item>
            <List.Item>
              Teachers build modules, review every scan and grade attempts, with automatic feedback.
            </List.Item>
          </List>
          <figure className={classes.figure}>
            <SimpleGrid cols={3} spacing="sm">
              {LANDING_IMAGES.map((image) => (
                <Stack key={image.src} gap={4}>
                  <img src={image.src} alt={image.alt} width={192} height={192} className={classes.image} />
                  <Text size="sm">{image.caption}</Text>
                </Stack>
              ))}
            </SimpleGrid>
            <Text component="figcaption" size="sm" c="dimmed" mt="xs">
              One slice of the Colin27 average brain, scanned three ways by Larmor&apos;s engine when this
              page was built. Brain model derived from Colin27 (Holmes et al. 1998) as distributed with
              MRIcron, © 2006–2010 Chris Rorden, BSD-3-clause:{' '}
              <Anchor href="/figures/landing/COPYRIGHT-colin27.txt">notice</Anchor>.
            </Text>
          </figure>
        </Stack>
      </Box>
    </Box>
  );
}
