// Package serviceaccount models the serviceaccounts-controller
// (pkg/controller/serviceaccount/serviceaccounts_controller.go): every
// active namespace has a ServiceAccount "default", created as the
// namespace appears and again whenever it is deleted. Pods that name no
// account run as it, through the ServiceAccount admission plugin.
//
// Upstream's kube-system also holds one account per controller
// (--use-service-account-credentials); the playground's controllers do not
// authenticate, so only "default" exists there.
package serviceaccount

import (
	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// Name is the controller's name (names.ServiceAccountController). It
// records no events.
const Name = "serviceaccount-controller"

// DefaultName is the account every namespace gets.
const DefaultName = "default"

var (
	namespaceKind      = api.NamespaceKind
	serviceAccountKind = api.ServiceAccountKind
)

// Controller models ServiceAccountsController: namespace adds and updates
// queue the namespace, and so does the deletion of an account it manages.
type Controller struct {
	server     *apiserver.Server
	queue      *controller.Queue
	namespaces *controller.Store
	accounts   *controller.Store
}

// New returns the controller, watching Namespaces and ServiceAccounts.
func New(ctx *controller.Context) *Controller {
	c := &Controller{server: ctx.Server, queue: ctx.NewQueue(),
		namespaces: ctx.Informers.Lister(namespaceKind), accounts: ctx.Informers.Lister(serviceAccountKind)}
	ctx.Informers.AddHandler(namespaceKind, controller.Handler{
		Add:    func(obj api.Object) { c.queue.Add(obj.GetObjectMeta().Name) },
		Update: func(_, cur api.Object) { c.queue.Add(cur.GetObjectMeta().Name) },
	})
	ctx.Informers.AddHandler(serviceAccountKind, controller.Handler{
		// serviceAccountDeleted: only the managed name matters.
		Delete: func(obj api.Object) {
			if m := obj.GetObjectMeta(); m.Name == DefaultName {
				c.queue.Add(m.Namespace)
			}
		},
	})
	return c
}

// Name implements controller.Controller.
func (c *Controller) Name() string { return Name }

// Queue implements controller.Controller.
func (c *Controller) Queue() *controller.Queue { return c.queue }

// MaxRetries implements controller.Controller: retried forever.
func (c *Controller) MaxRetries() int { return 0 }

// Sync implements controller.Controller: syncNamespace. A namespace being
// deleted gets no new account (a create there would be refused anyway).
func (c *Controller) Sync(key string, ds *controller.Decisions) error {
	obj, ok := c.namespaces.Get(key)
	if !ok {
		return nil
	}
	ns := obj.(*api.Namespace)
	if ns.Status.Phase != api.NamespaceActive {
		return nil
	}
	if _, ok := c.accounts.Get(key + "/" + DefaultName); ok {
		return nil
	}
	sa := &api.ServiceAccount{ObjectMeta: api.ObjectMeta{Name: DefaultName, Namespace: key}}
	if _, err := c.server.Create(sa); err != nil && !apiserver.IsAlreadyExists(err) {
		return err
	}
	ds.Add("syncNamespace", "namespace "+key+" has no ServiceAccount "+DefaultName, "create serviceaccount "+key+"/"+DefaultName).
		Say("serviceaccount.createDefault", controller.Name("namespace", key), controller.Name("serviceaccount", DefaultName))
	return nil
}
