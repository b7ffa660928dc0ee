/**
 * Mantine's stylesheets, per component: the whole styles.css is ~290 KB and mostly unused
 * on any one screen (Lighthouse flagged it). When a screen starts using another Mantine
 * component, add its stylesheet here (node_modules/@mantine/core/styles/<Component>.css).
 * Order matters: a component's building blocks (Text, UnstyledButton, Loader) come before it.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Button.css';
// The From/To place fields (features/search/places/PlaceField).
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ActionIcon.css';
// The Results screen (features/results): sort/filter selects, result cards and skeletons.
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Skeleton.css';
// The Results screen's 'Refine results' sidebar.
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
// The search form (features/search) and the shared passes questions (components/PassesFields).
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Alert.css';
// The account screens (features/account): password fields, banners, pass cards.
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Checkbox.css';
// Journey details (features/journey): its modals.
import '@mantine/core/styles/Modal.css';
// Searches' Recent / Saved toggle and the journey map's Outbound/Return pills.
import '@mantine/core/styles/SegmentedControl.css';
