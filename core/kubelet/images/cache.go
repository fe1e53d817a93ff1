package images

import (
	"slices"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
)

// Cache is one node's containerd image store: the images pulled (or
// preloaded) on that node. The kubelet asks it whether an image is present
// before deciding, by imagePullPolicy, whether to pull (shouldPullImage,
// pkg/kubelet/images/image_manager.go).
type Cache struct {
	byRef map[string]*Image // normalized tagged reference → image
}

// NewCache returns an empty store.
func NewCache() *Cache { return &Cache{byRef: map[string]*Image{}} }

// Add records a pulled image.
func (c *Cache) Add(img *Image) {
	cp := *img
	c.byRef[img.Ref()] = &cp
}

// Get returns the cached image a reference names: by tag, or, for a
// digest reference, any cached tag of the repository with that digest
// (imageService.GetImageRef).
func (c *Cache) Get(image string) (*Image, bool) {
	ref, err := ParseReference(image)
	if err != nil {
		return nil, false
	}
	if ref.Digest == "" {
		img, ok := c.byRef[ref.String()]
		return img, ok
	}
	for _, k := range c.refs() {
		img := c.byRef[k]
		if img.Repository == ref.Repository() && img.Digest == ref.Digest {
			return img, true
		}
	}
	return nil, false
}

func (c *Cache) refs() []string {
	keys := make([]string, 0, len(c.byRef))
	for k := range c.byRef {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// MaxNodeStatusImages is nodeStatusMaxImages: the node status lists at
// most this many images.
const MaxNodeStatusImages = 50

// NodeImages is the node's status.images (setters.go Images): one entry
// per stored image, largest first, each named "repo@digest" and
// "repo:tag", at most MaxNodeStatusImages.
func (c *Cache) NodeImages() []api.ContainerImage {
	type entry struct {
		id   string
		tags []string
		size int64
	}
	byID := map[string]*entry{}
	var order []*entry
	for _, k := range c.refs() {
		img := c.byRef[k]
		id := img.ImageID()
		e := byID[id]
		if e == nil {
			e = &entry{id: id, size: img.Size}
			byID[id] = e
			order = append(order, e)
		}
		e.tags = append(e.tags, img.Ref())
	}
	slices.SortStableFunc(order, func(a, b *entry) int {
		if a.size != b.size {
			if a.size > b.size {
				return -1
			}
			return 1
		}
		return strings.Compare(a.id, b.id)
	})
	if len(order) > MaxNodeStatusImages {
		order = order[:MaxNodeStatusImages]
	}
	out := make([]api.ContainerImage, 0, len(order))
	for _, e := range order {
		out = append(out, api.ContainerImage{Names: append([]string{e.id}, e.tags...), SizeBytes: e.size})
	}
	return out
}
