/**
 * The sidebar's contents, the profile block and the module menu: a chunk of its own, with antd's
 * Menu, loaded once the page's first screen has painted (./sidebar.tsx).
 */
import { Menu, type MenuProps } from 'antd';
import { ProfileBlock } from './profile-block.tsx';

export function SidebarMenu({
  collapsed,
  items,
  selected,
}: {
  collapsed: boolean;
  items: MenuProps['items'];
  selected: string | undefined;
}) {
  return (
    <>
      <ProfileBlock collapsed={collapsed} />
      <Menu
        theme="dark"
        mode="inline"
        // The sidebar is a plain element (./sidebar.tsx), not antd's Sider that told its menu.
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={selected ? [selected] : []}
        className="app-menu"
      />
    </>
  );
}
