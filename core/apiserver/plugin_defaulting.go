package apiserver

import "github.com/kubeplay/kubeplay/core/api"

// Defaulting applies the API defaults (api.SetDefaults) to every object
// written. Upstream this happens while the request body is decoded, before
// any admission plugin sees it; status writes are defaulted too.
type Defaulting struct{}

// Name implements Plugin.
func (Defaulting) Name() string { return "Defaulting" }

// Admit implements Plugin.
func (Defaulting) Admit(a *Attributes) error {
	if a.Object != nil {
		api.SetDefaults(a.Object)
	}
	return nil
}
