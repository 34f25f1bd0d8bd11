/**
 * The Mantine styles the first page (/, the landing and sign-in page) needs, and nothing more: the global styles,
 * the components other components are built on (Mantine's "CSS files list" guide), and those the landing layout,
 * the sign-in form, the toasts, the loading state and the layouts that render before their lazy page (section
 * and admin navigation) use. Every other page loads the whole of Mantine's styles with
 * its chunk (full-styles.ts, through lazyPage), so the first page stays within its size budget (issue 15).
 * The layer versions put Mantine in `@layer mantine`: the app's own CSS (shell.css) wins over it whatever order
 * the stylesheets arrive in, which matters now that they arrive in several files.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
// In the order of Mantine's own styles.css: a component's rules come after those of the components it builds on
// (Anchor's underline after Text's reset), as in the full file.
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Flex.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/notifications/styles.layer.css';
